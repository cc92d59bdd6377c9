import Foundation
import Geocoding
import ScriptMessaging
import TestHelpers
import WebBridge
import WebViewHostApp
import XCTest

/// Resources/bridge.html in a real web view: the form geocodes through the page's own
/// WKWebView-style post, errors show on the page, the colour function works, the log fills.
final class DemoPageIntegrationTests: GTKTestCase {
    static let pageURI = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/bridge.html").absoluteString

    func testTheDemoPageWorks() {
        gtkTest { @MainActor in
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .page(Self.pageURI)))
            defer { page.close() }
            page.bridge.add(GeocodeAddressHandler(geocoder: Geocoder(), bridge: page.bridge))
            page.bridge.load(uri: Self.pageURI)
            try await page.window.waitForLoad()

            let shown = try await page.run("""
                document.querySelector('#address button').click();
                while (!/^-?[0-9]/.test(document.getElementById('place').textContent)
                       && document.getElementById('place').textContent.indexOf('precision') < 0) {
                  await new Promise((r) => setTimeout(r, 10));
                }
                return [document.getElementById('latitude').textContent, document.getElementById('longitude').textContent,
                        document.getElementById('place').textContent, document.getElementById('environment').hidden,
                        document.querySelectorAll('#log tbody tr').length >= 3];
                """)
            XCTAssertEqual(shown, ["37.7749", "-122.4194", "San Francisco, California, United States of America (city precision)", true, true])

            let failure = try await page.run("""
                document.querySelector('[name=city]').value = 'Qwxzzyplk';
                document.querySelector('#address button').click();
                const error = document.getElementById('geocode-error');
                while (error.hidden) await new Promise((r) => setTimeout(r, 10));
                return [error.textContent, document.getElementById('latitude').textContent];
                """)
            XCTAssertEqual(failure, ["Could not place this address: no city named 'Qwxzzyplk' is known [handler-failed]", "–"])

            try await page.bridge.callJavaScript("changeBackgroundColor", "purple")
            let colour = try await page.bridge.evaluateJavaScript("document.body.style.backgroundColor + ' ' + document.getElementById('colour').textContent", as: String.self)
            XCTAssertEqual(colour, "purple purple")
        }
    }
}
