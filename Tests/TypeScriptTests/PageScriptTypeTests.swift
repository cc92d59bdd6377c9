import Foundation
import TestHelpers
@testable import webview_contract
import XCTest

/// tsc (strict, checkJs) over every page's scripts with the `.d.ts` files beside them —
/// bridge.d.ts, websocket.d.ts and the generated contract.d.ts — which the scripts name in
/// JSDoc: a type error in a demo script or a declaration file fails here.
final class PageScriptTypeTests: XCTestCase {
    private static func packageFile(_ path: String) -> URL { CheckedInContracts.packageRoot.appendingPathComponent(path) }
    private let resources = packageFile("Resources")
    /// The directories of pages, each with the library declarations its scripts use besides
    /// its own (both have their bridge.d.ts beside their pages, as generated).
    private let roots = [(packageFile("Resources"), [URL]()), (packageFile("Examples/NotesApp/Web"), [URL]())]

    func testEveryPagesScriptsAndEveryDeclarationFileTypeCheckStrictly() throws {
        let tsc = try TypeScriptCompiler.installed()
        var programs: [TypeScriptCompiler.Program] = []
        for (root, library) in roots {
            let web = WebPages(root: root)
            let declarations = library + (try web.files(ending: ".d.ts"))
            XCTAssertTrue(declarations.contains { $0.lastPathComponent == "contract.d.ts" }, root.path)
            programs.append(.init(name: "\(root.lastPathComponent)-declarations", files: declarations))
            var loaded: Set<URL> = []
            for (page, scripts) in try web.pages() where !scripts.isEmpty {
                programs.append(.init(name: "\(root.lastPathComponent)-\(page.replacingOccurrences(of: "/", with: "-"))", files: declarations + scripts))
                loaded.formUnion(scripts)
            }
            // Every script is loaded by a page, so none escapes the check.
            XCTAssertEqual(Set(try web.files(ending: ".js")).subtracting(loaded).map(web.relative), [], root.path)
        }
        let report = try tsc.check(programs, in: TestDirectory())
        XCTAssertEqual(report, "", "tsc found type errors in the pages' scripts or declarations:\n\(report)")
    }

    /// The check has teeth: a script that sends the wrong payload, calls a handler the
    /// contract does not list or misreads an answer does not type-check.
    func testAScriptMisusingTheContractFailsTheCheck() throws {
        let tsc = try TypeScriptCompiler.installed()
        let directory = TestDirectory()
        let script = directory.write("misuse.js", """
            /** @type {import("\(resources.path)/contract").AppBridge} */
            const app = window.bridge;
            app.invoke("geocodeAddress", { city: 7 });
            app.invoke("geocodeAdress", "Paris");
            app.invoke("ws.connect", { url: "ws://127.0.0.1" }).then((info) => info.subscriptions.toFixed());
            app.on("ws.state", (event) => event.delay);
            """)
        let files = [resources.appendingPathComponent("bridge.d.ts"), resources.appendingPathComponent("contract.d.ts"), script]
        let report = try tsc.check([.init(name: "misuse", files: files)], in: directory)
        for line in [3, 4, 5, 6] {
            XCTAssertTrue(report.contains("misuse.js(\(line),"), "no error reported on line \(line):\n\(report)")
        }
    }

    /// The page services' calls are typed in bridge.d.ts: the chooser's filters are
    /// `{name, patterns?, mimeTypes?}` and its answer may be null (a cancelled chooser).
    func testTheFileChoosersOptionsAndAnswerAreTyped() throws {
        let tsc = try TypeScriptCompiler.installed()
        let directory = TestDirectory()
        let script = directory.write("chooser.js", """
            /** @type {import("\(resources.path)/bridge").Bridge} */
            const page = window.bridge;
            (async () => {
              const bytes = await page.invokeBinary("desktop.openFile", null, { title: "Import", filters: [{ name: "Notes", patterns: ["*.json"] }] });
              if (bytes !== null) bytes.byteLength.toFixed();
              /** @type {import("\(resources.path)/bridge").FileFilter} */
              const filter = { pattern: "*.json" };
              (await page.invokeBinary("desktop.openFile", null, { filters: [filter] })).byteLength;
            })();
            """)
        let report = try tsc.check([.init(name: "chooser", files: [resources.appendingPathComponent("bridge.d.ts"), script])], in: directory)
        XCTAssertFalse(report.contains("chooser.js(4,") || report.contains("chooser.js(5,"), "the right use failed:\n\(report)")
        for line in [7, 8] {
            XCTAssertTrue(report.contains("chooser.js(\(line),"), "no error reported on line \(line):\n\(report)")
        }
    }
}
