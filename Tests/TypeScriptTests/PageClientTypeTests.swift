import Foundation
import TestHelpers
@testable import WebBridge
@testable import webview_contract
import XCTest

/// tsc (checkJs, not strict) over the bridge's page client as the bridge injects it
/// (`BridgeClientScript`, a Swift string), with bridge.d.ts for the `window` it extends.
///
/// The client is plain JavaScript without annotations, and tsc cannot follow some of what
/// it does (`knownErrors`: expando properties on `Error` and on a constructor's `this`, a
/// custom event's `detail`, a `Proxy` key, a dotted-path lookup on `window`). Those are
/// reported, not fixed here; any other error fails the test, and so does a syntax error.
final class PageClientTypeTests: XCTestCase {
    private static let knownErrors: Set<String> = [
        "TS2339: Property '__emit' does not exist on type 'Bridge'.",
        "TS2339: Property 'code' does not exist on type 'Error'.",
        "TS2339: Property 'detail' does not exist on type 'Event'.",
        "TS2339: Property 'name' does not exist on type 'MessageHandler'.",
        "TS2538: Type 'symbol' cannot be used as an index type.",
        "TS2322: Type 'Window' is not assignable to type 'Window & typeof globalThis'.",
        "TS2339: Property 'apply' does not exist on type 'never'.",
    ]

    private func client(direct: Bool) -> String {
        BridgeClientScript.source(.init(prefixes: ["app://localhost/"], names: ["geocodeAddress", "ws.connect"], direct: direct, prefix: direct ? "0123:" : "", binaryBase: "",
                                        routerName: "router", callEvent: "call", replyEvent: "reply", maxBytes: 1 << 26, maxDepth: 64))
    }

    func testTheClientHasNoTypeErrorsBeyondTheKnownOnes() throws {
        let tsc = try TypeScriptCompiler.installed()
        let directory = TestDirectory()
        let declarations = CheckedInContracts.packageRoot.appendingPathComponent("Resources/bridge.d.ts")
        // Both transports: the relay (isolated world) and direct posts (page world).
        let programs = [true, false].map { direct in
            let name = direct ? "direct" : "relayed"
            return TypeScriptCompiler.Program(name: name, files: [declarations, directory.write("client-\(name).js", client(direct: direct))],
                                              strict: false)
        }
        let report = try tsc.check(programs, in: directory)
        let errors = report.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { line in
            line.firstRange(of: "error ").map { String(line[$0.upperBound...]) } ?? String(line)
        }
        XCTAssertEqual(Set(errors).subtracting(Self.knownErrors), [], "tsc found new type errors in the page client:\n\(report)")
    }
}
