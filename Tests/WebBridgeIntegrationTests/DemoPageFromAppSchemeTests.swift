import Foundation
import Geocoding
import TestHelpers
import WebBridge
import WebViewHostApp
import WebBridgeGTK
import WebKitGTK
import XCTest

/// Resources/bridge.html as the app serves it, from `app://localhost/` under the scheme's
/// Content-Security-Policy (no inline script): its own script files still run the demo.
final class DemoPageFromAppSchemeTests: GTKTestCase {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources").path

    func testTheDemoPageGeocodesFromTheAppScheme() {
        gtkTest { @MainActor in
            let context = WebContext.ephemeral()
            let scheme = try AppScheme(directory: Self.resources)
            context.register(scheme)
            let window = TestWindow(view: WebView(context: context))
            defer { window.close() }
            let bridge = WebViewBridge(view: window.view)
            bridge.add(GeocodeAddressHandler(geocoder: Geocoder(), bridge: bridge))
            bridge.load(uri: scheme.uri(for: "bridge.html"))
            try await window.waitForLoad()

            // The policy comes in the response's header (nothing is written into the page) and is enforced.
            let evaluated = try await bridge.evaluateJavaScript(
                "(() => { try { eval('1'); return 'ran'; } catch (e) { return e.name; } })()", as: String.self)
            XCTAssertEqual(evaluated, "EvalError")
            _ = try await bridge.evaluateJavaScript("document.querySelector('#address button').click(); null")
            var latitude = ""
            let deadline = Date().addingTimeInterval(15)
            while latitude != "37.7749" && Date() < deadline {
                try await Task.sleep(for: .milliseconds(20))
                latitude = try await bridge.evaluateJavaScript("document.getElementById('latitude').textContent", as: String.self)
            }
            XCTAssertEqual(latitude, "37.7749", "the page's geocode form did not work from app://")
        }
    }
}
