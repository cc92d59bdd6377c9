import Foundation
import Geocoding
import JSONValue
import TestHelpers
import WebBridge
import WebViewHostApp
import XCTest

/// The demo's geocodeAddress handler, driven by WKWebView-style page code.
final class GeocodeAddressIntegrationTests: GTKTestCase {
    static let page = """
        <p id="latlon"></p>
        <script>
        function setLatLon(lat, lon) { document.getElementById('latlon').textContent = lat.toFixed(2) + ' ' + lon.toFixed(2); }
        </script>
        """

    func testPostedAddressCallsSetLatLonAndResolvesWithThePlace() {
        gtkTest { @MainActor in
            let window = try await Self.geocodingWindow()
            defer { window.close() }
            let place = try await window.run("""
                return await window.webkit.messageHandlers.geocodeAddress.postMessage(
                  {street: '1 Red Square', city: 'Moscow', state: '', country: 'Russia'});
                """)
            XCTAssertEqual(place["countryCode"], "RU")
            XCTAssertEqual(place["precision"], "city")
            guard case .number(let latitude)? = place["latitude"], case .number(let longitude)? = place["longitude"] else {
                return XCTFail("\(place)")
            }
            XCTAssertEqual(latitude, 55.7558, accuracy: 0.1)
            XCTAssertEqual(longitude, 37.6173, accuracy: 0.1)
            let shown = try await window.run("""
                while (!document.getElementById('latlon').textContent) await new Promise((r) => setTimeout(r, 5));
                return document.getElementById('latlon').textContent;
                """)
            XCTAssertEqual(shown, .string(String(format: "%.2f %.2f", latitude, longitude)))

            let invoked = try await window.run("return await window.bridge.invoke('geocodeAddress', 'San Francisco, CA, USA');")
            XCTAssertEqual(invoked["state"], "California")
            let json = try await window.run("""
                return await window.webkit.messageHandlers.geocodeAddress.postMessage(JSON.stringify({city: 'Paris', country: 'France'}));
                """)
            XCTAssertEqual(json["countryCode"], "FR")
        }
    }

    func testNonsenseRejectsWithAClearErrorAndLeavesTheMapAlone() {
        gtkTest { @MainActor in
            let window = try await Self.geocodingWindow()
            defer { window.close() }
            let outcome = try await window.run("""
                return await window.webkit.messageHandlers.geocodeAddress.postMessage({city: 'Qwxzzyplk', country: 'Atlantis'});
                """)
            XCTAssertEqual(outcome["error"]?["code"], "handler-failed")
            XCTAssertEqual(outcome["error"]?["message"], "no city named 'Qwxzzyplk' is known")
            let wrongType = try await window.run("return await window.bridge.invoke('geocodeAddress', {city: 42});")
            XCTAssertEqual(wrongType["error"]?["code"], "invalid-payload")
            let shown = try await window.bridge.evaluateJavaScript("document.getElementById('latlon').textContent", as: String.self)
            XCTAssertEqual(shown, "")
        }
    }

    /// The address crosses whole: a NUL does not cut "Paris, Japan" down to Paris.
    func testANULInTheAddressIsNotCutAway() {
        gtkTest { @MainActor in
            let window = try await Self.geocodingWindow()
            defer { window.close() }
            let outcome = try await window.run("""
                return await window.webkit.messageHandlers.geocodeAddress.postMessage('Paris\\u0000, Japan');
                """)
            XCTAssertEqual(outcome["error"]?["code"], "handler-failed", "\(outcome)")
            XCTAssertNil(outcome["countryCode"])
        }
    }

    /// A loaded page with `setLatLon` whose bridge has the geocodeAddress handler.
    @MainActor
    static func geocodingWindow() async throws -> BridgePageFixture {
        let window = BridgePageFixture()
        window.bridge.add(GeocodeAddressHandler(geocoder: Geocoder(), bridge: window.bridge))
        try await window.load(body: page)
        return window
    }
}
