import Foundation
import TestHelpers
@testable import webview_contract
import XCTest

/// tsc (strict, checkJs) over every script the library injects — the `.js` files in Sources
/// that the EmbedJavaScript plugin embeds, the bridge's page client among them — with the
/// `.d.ts` files beside them (bridge.d.ts among them), as `make check-js` checks them (tsconfig.json):
/// zero findings.
final class PageClientTypeTests: XCTestCase {
    private static let sources = CheckedInContracts.packageRoot.appendingPathComponent("Sources")

    /// The files tsconfig.json includes.
    private static func scriptFiles() throws -> [URL] {
        let web = WebPages(root: sources)
        return try web.files(ending: ".js") + web.files(ending: ".d.ts")
    }

    func testEveryInjectedScriptTypeChecksStrictly() throws {
        let tsc = try TypeScriptCompiler.installed()
        let files = try Self.scriptFiles()
        for script in ["WebBridge/JavaScript/bridge-client.js", "WebBridge/JavaScript/handler-post.js",
                       "WebBridge/JavaScript/bridge-relay.js", "WebKitGTK/Scheme/media-url.js"] {
            XCTAssertTrue(files.contains(Self.sources.appendingPathComponent(script).standardizedFileURL), script)
        }
        let report = try tsc.check([.init(name: "injected", files: files)], in: TestDirectory())
        XCTAssertEqual(report, "", "tsc --strict found errors in the injected scripts:\n\(report)")
    }

    /// The check has teeth: the client misreading its settings or sending an error code
    /// bridge.d.ts does not declare does not type-check.
    func testAClientMisusingItsSettingsFailsTheCheck() throws {
        let tsc = try TypeScriptCompiler.installed()
        let directory = TestDirectory()
        let client = Self.sources.appendingPathComponent("WebBridge/JavaScript/bridge-client.js")
        let broken = try String(contentsOf: client, encoding: .utf8)
            .replacingOccurrences(of: "settings.maxDepth) throw refuse(failure('payload-too-large'", with: "settings.maxDepths) throw refuse(failure('too-large'")
        XCTAssertNotEqual(broken, try String(contentsOf: client, encoding: .utf8), "the line to break is gone")
        let files = try Self.scriptFiles().filter { $0 != client.standardizedFileURL } + [directory.write("bridge-client.js", broken)]
        let report = try tsc.check([.init(name: "broken", files: files)], in: directory)
        XCTAssertTrue(report.contains("Property 'maxDepths' does not exist"), report)
        XCTAssertTrue(report.contains("'\"too-large\"' is not assignable"), report)
    }
}
