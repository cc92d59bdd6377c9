import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// `bridge.setTrace` sees every message and event in both directions, with timing:
/// what the demo page's log panel shows.
final class TraceIntegrationTests: GTKTestCase {
    func testTraceSeesTrafficBothWays() {
        gtkTest { @MainActor in
            let page = BridgePageFixture(echo: true)
            defer { page.close() }
            try await page.load(body: "<script>window.entries = []; window.bridge.setTrace((e) => entries.push(e)); function hello(x) {}</script>")
            _ = try await page.run("""
                await window.bridge.invoke('echo', {a: 1});
                await window.webkit.messageHandlers.echo.postMessage({b: 2});
                try { await window.bridge.invoke('missing', 1); } catch (e) {}
                """)
            try page.bridge.dispatch("ping", 1)
            try await page.bridge.callJavaScript("hello", "x")
            let entries = try await page.run("""
                return window.entries.map((e) => [e.direction, e.kind, e.name, typeof e.time === 'number', e.ms === undefined || e.ms >= 0]);
                """)
            XCTAssertEqual(entries, [
                ["out", "invoke", "echo", true, true], ["in", "reply", "echo", true, true],
                ["out", "postMessage", "echo", true, true], ["in", "reply", "echo", true, true],
                ["out", "invoke", "missing", true, true], ["in", "error", "missing", true, true],
                ["in", "event", "ping", true, true], ["in", "call", "hello", true, true],
            ])
        }
    }
}
