import Foundation
import Geocoding
import ScriptMessaging
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

    /// Places the burst asks for, with where the gazetteer puts them.
    static let burstPlaces: [(address: String, latitude: Double, countryCode: String)] = [
        ("Moscow, Russia", 55.7558, "RU"), ("San Francisco, CA, USA", 37.7749, "US"), ("Paris, France", 48.8566, "FR"),
        ("Moscow, ID, USA", 46.7324, "US"), ("Paris, TX, USA", 33.6609, "US"), ("Oslo, Norway", 59.9127, "NO"),
    ]

    /// 2,000 calls in flight at once from a page: 667 to no handler, 667 with an invalid
    /// address, 666 geocodes. Each gets its own answer within the bridge's 30 s per call
    /// (with libgeonames searching every lookup, half the geocodes timed out).
    func testTwoThousandCallsInFlightAreAllAnsweredInTime() {
        gtkTest(timeout: 120) { @MainActor in
            let window = try await Self.geocodingWindow()
            defer { window.close() }
            let addresses = Self.burstPlaces.map { "'\($0.address)'" }.joined(separator: ", ")
            let outcome = try await window.run("""
                const addresses = [\(addresses)];
                const calls = [];
                for (let i = 0; i < 2000; i++) {
                  const call = i % 3 == 0 ? window.bridge.invoke('noSuchHandler', { i })
                    : i % 3 == 1 ? window.bridge.invoke('geocodeAddress', { city: i })
                    : window.bridge.invoke('geocodeAddress', addresses[i % addresses.length]);
                  calls.push(call.then((place) => ({ i, place }), (error) => ({ i, code: error.code })));
                }
                return await Promise.all(calls);
                """, timeout: 60)
            guard case .array(let answers) = outcome, answers.count == 2000 else { return XCTFail("\(outcome)") }
            var codes: [String: Int] = [:]
            var placed = 0
            for answer in answers {
                guard case .number(let number)? = answer["i"] else { return XCTFail("\(answer)") }
                let i = Int(number)
                if case .string(let code)? = answer["code"] {
                    codes[code, default: 0] += 1
                    continue
                }
                let expected = Self.burstPlaces[i % Self.burstPlaces.count]
                XCTAssertEqual(i % 3, 2, "call \(i) was answered with a place")
                XCTAssertEqual(answer["place"]?["countryCode"], .string(expected.countryCode), expected.address)
                guard case .number(let latitude)? = answer["place"]?["latitude"] else { return XCTFail("\(answer)") }
                XCTAssertEqual(latitude, expected.latitude, accuracy: 0.1, expected.address)
                placed += 1
            }
            XCTAssertEqual(codes, ["unknown-handler": 667, "invalid-payload": 667])
            XCTAssertEqual(placed, 666)
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
