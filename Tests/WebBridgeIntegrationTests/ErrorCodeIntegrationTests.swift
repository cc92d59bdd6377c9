import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// Each error code reaches the page as a JS `Error` with `code` and `message`, through
/// `bridge.invoke` and through a raw `messageHandlers.NAME.postMessage`.
final class ErrorCodeIntegrationTests: GTKTestCase {
    struct Point: Codable { var x: Double; var y: Double }

    func testEveryErrorCodeReachesThePage() {
        gtkTest { try await Self.everyErrorCodeReachesThePage(in: .isolated) }
    }

    /// Shared with `PageWorldIntegrationTests`.
    @MainActor
    static func everyErrorCodeReachesThePage(in world: BridgeContentWorld) async throws {
        let page = BridgePageFixture(configuration: BridgeConfiguration(maxPayloadBytes: 1000, contentWorld: world))
        defer { page.close() }
        page.bridge.add(Handler.message("point", as: Point.self) { _ in })
        page.bridge.add(Handler.action("fail") { throw BridgeFailureForTest() })
        page.bridge.add(Handler.replying("slow", timeout: .milliseconds(100), as: Int.self) { (value: Int) async throws -> Int in
            try await Task.sleep(for: .seconds(5))
            return value
        })
        page.bridge.add(Handler.bytes("bytes") { _ in })
        try await page.load()

        let expectations: [(String, String, String)] = [
            ("window.bridge.invoke('point', {x: 1, y: 'two'})", "invalid-payload", "'y': expected number"),
            ("window.webkit.messageHandlers.point.postMessage({x: 1})", "invalid-payload", "'y': missing"),
            ("window.bridge.invoke('nobody', {})", "unknown-handler", "nobody"),
            ("window.bridge.invoke('toString', {})", "unknown-handler", "toString"),
            ("window.bridge.invoke('__proto__', {})", "unknown-handler", "__proto__"),
            ("window.bridge.invoke('point', {x: 1, y: 2, f: () => 1})", "invalid-payload", "a function at f"),
            ("window.webkit.messageHandlers.point.postMessage({x: 1, y: [0, Symbol()]})", "invalid-payload", "a symbol at y[1]"),
            ("window.bridge.invoke('point', {x: 1, y: document.body})", "invalid-payload", "a DOM node at y"),
            ("window.bridge.invoke('fail')", "handler-failed", "the test handler failed"),
            ("window.webkit.messageHandlers.fail.postMessage('x')", "handler-failed", "the test handler failed"),
            ("window.bridge.invoke('bytes', 'x'.repeat(2000))", "payload-too-large", "over the limit"),
            ("window.webkit.messageHandlers.bytes.postMessage('x'.repeat(2000))", "payload-too-large", "over the limit"),
            ("window.bridge.invoke('slow', 1)", "timeout", "did not answer"),
            ("window.webkit.messageHandlers.slow.postMessage(1)", "timeout", "did not answer"),
        ]
        for (call, code, message) in expectations {
            let outcome = try await page.run("return await \(call);")
            let error = try XCTUnwrap(outcome["error"], "\(call) resolved with \(outcome)")
            XCTAssertEqual(error["code"], .string(code), call)
            XCTAssertEqual(error["isError"], true, call)
            guard case .string(let text)? = error["message"] else { return XCTFail("no message for \(call)") }
            XCTAssertTrue(text.contains(message), "\(call): \(text)")
        }
    }
}

struct BridgeFailureForTest: Error, CustomStringConvertible {
    var description: String { "the test handler failed" }
}
