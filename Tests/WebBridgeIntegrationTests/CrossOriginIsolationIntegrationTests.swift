import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// A page served cross-origin isolated (`Cross-Origin-Opener-Policy: same-origin` with
/// `Cross-Origin-Embedder-Policy: require-corp`, as an app does for `SharedArrayBuffer` or
/// 20 µs timers, and as the bench's page does) gets the bridge, on its first load and after
/// a reload: WebKit runs such a page in a web process of its own, and the bridge's client must
/// still know it is in its own view's page (`BridgeWebView.pageIdentifier`).
final class CrossOriginIsolationIntegrationTests: GTKTestCase {
    func testAnIsolatedPageHasTheBridge() {
        gtkTest(timeout: 60) {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/isolated.html") { _ in
                LoopbackServer.Response(body: "<!doctype html><title>isolated</title><body>isolated</body>",
                                        headers: ["Cross-Origin-Opener-Policy": "same-origin",
                                                  "Cross-Origin-Embedder-Policy": "require-corp"])
            }
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .origins(server.origin)), echo: true)
            defer { page.close() }
            for attempt in ["first load", "reload"] {
                if attempt == "reload" { page.window.view.reload() } else { page.window.view.load(uri: server.url("/isolated.html")) }
                try await page.window.waitForLoad()
                let outcome = try await page.run("""
                    return [self.crossOriginIsolated, typeof window.bridge, (await window.bridge.invoke('echo', { n: 1 })).n]
                    """)
                XCTAssertEqual(outcome, [true, "object", 1], attempt)
            }
        }
    }
}
