import Foundation
import TestHelpers
@testable import webview_contract
import XCTest

/// The route every app's pages get their types by, run on the notes example: its built
/// executable's `--write-page-types DIR` (what `swift package generate-page-types` runs)
/// writes contract.d.ts, bridge.d.ts and tsconfig.json — the files checked in beside its
/// page — and `tsc -p DIR` then checks the page; a misspelled handler fails, naming it.
final class AppPageTypesTests: XCTestCase {
    private static let web = CheckedInContracts.packageRoot.appendingPathComponent("Examples/NotesApp/Web")

    /// The page's files with the freshly written types, in a directory of the test's own.
    private func writePageTypes() throws -> TestDirectory {
        let directory = TestDirectory()
        for file in try FileManager.default.contentsOfDirectory(at: Self.web, includingPropertiesForKeys: nil) {
            try FileManager.default.copyItem(at: file, to: directory.url.appendingPathComponent(file.lastPathComponent))
        }
        let types = directory.url.appendingPathComponent("types-written")
        let app = try AppProcess(try HostLauncher.builtExecutable("notes-app", for: Self.self), ["--write-page-types", types.path],
                                 environment: ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" })
        XCTAssertEqual(app.waitForExit(timeout: 120), 0, app.printed)
        for name in ["contract.d.ts", "bridge.d.ts", "tsconfig.json"] {
            let written = try String(contentsOf: types.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(written, try String(contentsOf: Self.web.appendingPathComponent(name), encoding: .utf8),
                           "Examples/NotesApp/Web/\(name) is not what the app writes: regenerate it")
            try written.write(to: directory.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try FileManager.default.removeItem(at: types)
        return directory
    }

    func testTheAppWritesItsPageTypesAndTscPassesThePageWithThem() throws {
        let tsc = try TypeScriptCompiler.installed()
        let directory = try writePageTypes()
        let contract = try String(contentsOf: directory.url.appendingPathComponent("contract.d.ts"), encoding: .utf8)
        XCTAssertTrue(contract.hasPrefix("// Generated from the Swift contract \"Notes\" by `swift package generate-page-types`"), contract)
        XCTAssertFalse(contract.contains("webview-contract"), "the app's contract names the framework's own tool")
        XCTAssertFalse(contract.contains("webviewhost."), "an internal handler is in the contract")
        XCTAssertEqual(try tsc.checkProject(directory.url), "")
    }

    /// The check has teeth, and says what is wrong: the name that no handler has, the key no request has.
    func testAMisspelledHandlerFailsTscWithAMessageNamingIt() throws {
        let tsc = try TypeScriptCompiler.installed()
        let directory = try writePageTypes()
        _ = directory.write("misspelled.js", """
            // @ts-check
            /** @type {import('./contract').NotesBridge} */
            const misspelled = window.bridge;
            misspelled.invoke('addNot', { text: 'x' });
            misspelled.invoke('addNote', { txt: 'x' });
            misspelled.invokeBinary('addNote', new Uint8Array(1));
            """)
        let report = try tsc.checkProject(directory.url)
        XCTAssertTrue(report.contains("misspelled.js(4,") && report.contains("\"Unknown handler: addNot\""), report)
        XCTAssertTrue(report.contains("misspelled.js(5,") && report.contains("'txt' does not exist"), report)
        XCTAssertTrue(report.contains("misspelled.js(6,") && report.contains("\"Unknown binary handler: addNote\""), report)
    }

    /// The page service the app grants (`NotesApp.pageServices`) is typed beside its own
    /// handlers: `desktop.openFile` takes the chooser's options and answers the file's bytes,
    /// or null when the user cancelled, which a page must handle.
    func testTheGrantedFileChooserIsTypedInThePagesContract() throws {
        let tsc = try TypeScriptCompiler.installed()
        let directory = try writePageTypes()
        let contract = try String(contentsOf: directory.url.appendingPathComponent("contract.d.ts"), encoding: .utf8)
        XCTAssertTrue(contract.contains(#""desktop.openFile": { data: ArrayBuffer | ArrayBufferView | Blob | null; meta: [meta?: PageFileChooserRequest | null]; answer: ArrayBuffer | null };"#), contract)
        XCTAssertFalse(contract.contains("desktop.droppedFile"), "a service the app does not grant is in its contract")
        _ = directory.write("chooser.js", """
            // @ts-check
            /** @type {import('./contract').NotesBridge} */
            const page = window.bridge;
            page.invokeBinary('desktop.openFile', new ArrayBuffer(0), { titel: 'x' });
            page.invokeBinary('desktop.openFile', new ArrayBuffer(0)).then((bytes) => bytes.byteLength);
            """)
        let report = try tsc.checkProject(directory.url)
        XCTAssertTrue(report.contains("chooser.js(4,") && report.contains("'titel' does not exist"), report)
        XCTAssertTrue(report.contains("chooser.js(5,") && report.contains("possibly 'null'"), report)
    }
}
