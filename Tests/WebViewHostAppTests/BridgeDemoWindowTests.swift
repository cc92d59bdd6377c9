import Foundation
import TestHelpers
import WebBridge
import WebKitGTK
import WebAppWindow
import WebViewHostApp
import XCTest

/// Resources/bridge.html in a real app window: the geocode form answered by the window's
/// bridge, and the header bar's colour control changing the page.
final class BridgeDemoWindowTests: GTKTestCase {
    func testTheGeocodeFormShowsWhereParisIsAndAnErrorForNonsense() throws {
        let resources = try XCTUnwrap(AppResources.locate())
        gtkTest {
            let controller = makeWindow(width: 900, height: 700)
            defer { controller.close() }
            controller.show()
            try await open(resources.url(for: "bridge.html").absoluteString, in: controller)

            let paris = try await controller.webView.callAsyncJavaScript("""
                const form = document.getElementById('address');
                form.street.value = ''; form.city.value = 'Paris'; form.state.value = ''; form.country.value = 'France';
                form.requestSubmit();
                const place = document.getElementById('place');
                while (!place.textContent.includes('precision')) await new Promise((r) => setTimeout(r, 10));
                return [document.getElementById('latitude').textContent, document.getElementById('longitude').textContent,
                        place.textContent, String(document.getElementById('geocode-error').hidden)];
                """, as: [String].self)
            XCTAssertEqual(paris.count, 4)
            let (latitude, longitude) = (try XCTUnwrap(Double(paris[0])), try XCTUnwrap(Double(paris[1])))
            XCTAssertEqual(latitude, 48.85, accuracy: 0.1)
            XCTAssertEqual(longitude, 2.35, accuracy: 0.1)
            XCTAssertTrue(paris[2].hasPrefix("Paris"), paris[2])
            XCTAssertEqual(paris[3], "true", "no error shown")

            let nonsense = try await controller.webView.callAsyncJavaScript("""
                const form = document.getElementById('address');
                form.city.value = 'Qwxzzyplk'; form.country.value = 'Zzyzx';
                form.requestSubmit();
                const error = document.getElementById('geocode-error');
                while (error.hidden) await new Promise((r) => setTimeout(r, 10));
                await new Promise((r) => setTimeout(r, 100));  // room for a late setLatLon
                return [error.textContent, document.getElementById('latitude').textContent,
                        document.getElementById('longitude').textContent];
                """, as: [String].self)
            XCTAssertTrue(nonsense[0].hasPrefix("Could not place this address"), nonsense[0])
            XCTAssertTrue(nonsense[0].contains("Qwxzzyplk"), nonsense[0])
            XCTAssertEqual(Array(nonsense.dropFirst()), ["–", "–"], "never 0,0")
        }
    }

    func testTheColourControlChangesThePageBackground() throws {
        let resources = try XCTUnwrap(AppResources.locate())
        gtkTest {
            let (controller, demo) = makeDemoWindow(width: 900, height: 700)
            defer { controller.close() }
            controller.show()
            try await open(resources.url(for: "bridge.html").absoluteString, in: controller)
            try await waitUntil("the colour control is ready") { demo.colourChooser.isSensitive }

            for (colour, rgb) in [("red", "rgb(255, 0, 0)"), ("purple", "rgb(128, 0, 128)"), ("black", "rgb(0, 0, 0)")] {
                demo.colourChooser.activeID = colour
                // The page fades between colours: wait for the end of the transition.
                try await eventually(timeout: 5, "background \(colour)") {
                    try await controller.webView.evaluateJavaScript(
                        "getComputedStyle(document.body).backgroundColor", as: String.self) == rgb
                }
                let named = try await controller.webView.evaluateJavaScript(
                    "document.getElementById('colour').textContent", as: String.self)
                XCTAssertEqual(named, colour)
            }
        }
    }

    func testThePageTheAppIsAskedToShowMayCallTheBridgeButAnotherOriginMayNot() {
        let files = TestDirectory()
        let page = files.write("named.html", "<title>named</title><p>Named on the command line.")
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            defer { controller.close() }
            controller.show()
            try await open(page.absoluteString, in: controller)
            let latitude = try await controller.webView.callAsyncJavaScript("""
                const place = await window.bridge.invoke('geocodeAddress', {city: 'Paris', country: 'France'});
                return place.latitude;
                """, as: Double.self)
            XCTAssertEqual(latitude, 48.85, accuracy: 0.1)

            // A page of an origin nobody named gets no bridge at all.
            controller.webView.load(html: "<title>elsewhere</title>", baseURI: "http://127.0.0.1:9/")
            try await waitUntil("other page shown") { controller.webView.title == "elsewhere" }
            let kind = try await controller.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
            XCTAssertEqual(kind, "undefined")
        }
    }

    func testTheColourControlActsOnlyOnPagesWithTheColourFunction() throws {
        let resources = try XCTUnwrap(AppResources.locate())
        let files = TestDirectory()
        let plain = files.write("plain.html", "<title>plain</title><p>No colour function here.")
        gtkTest {
            let (controller, demo) = makeDemoWindow(width: 640, height: 480)
            defer { controller.close() }
            let failures = FailureRecorder()
            controller.bridge.delegate = failures
            controller.show()
            XCTAssertFalse(demo.colourChooser.isSensitive, "no page yet")
            try await open(resources.url(for: "bridge.html").absoluteString, in: controller)
            try await waitUntil("sensitive on the bridge demo") { demo.colourChooser.isSensitive }

            try await open(plain.absoluteString, in: controller)
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertFalse(demo.colourChooser.isSensitive, "sensitive on a page without changeBackgroundColor")
            demo.colourChooser.activeID = "green"
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertEqual(failures.scriptFailures, [], "the app called a function the page does not have")
            let title = try await controller.webView.evaluateJavaScript("document.title", as: String.self)
            XCTAssertEqual(title, "plain", "the page and the window carry on")

            // A page the bridge does not trust is not asked, whatever it defines.
            controller.webView.load(html: "<title>other</title><script>function changeBackgroundColor() {}</script>",
                                    baseURI: "http://127.0.0.1:9/")
            try await waitUntil("other origin shown") { controller.webView.title == "other" && !controller.webView.isLoading }
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertFalse(demo.colourChooser.isSensitive, "sensitive on an untrusted page")
        }
    }
}

/// Collects the bridge's reports of failed page script.
@MainActor
private final class FailureRecorder: WebViewBridgeDelegate {
    var scriptFailures: [String] = []

    func bridge(_ bridge: WebViewBridge, didFail failure: BridgeFailure) {
        if case .script(let error) = failure { scriptFailures.append("\(error)") }
    }
}
