import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

final class NativeToPageIntegrationTests: GTKTestCase {
    /// A WKWebView-era page: posts objects and JSON strings straight to the handler and
    /// defines a global the native side calls.
    static let seedPage = """
        <form id="f"><input id="city" value="Paris"></form>
        <p id="out"></p>
        <script>
        function setLatLon(lat, lon) { document.getElementById('out').textContent = lat + ',' + lon; }
        function sendObject() { window.webkit.messageHandlers.geocode.postMessage({city: document.getElementById('city').value}); }
        function sendString() { window.webkit.messageHandlers.geocode.postMessage(JSON.stringify({city: 'Oslo'})); }
        </script>
        """

    struct Place: Codable, Equatable { var city: String }

    func testSeedStylePageCodeWorksUnchanged() {
        gtkTest { try await Self.seedStylePageCodeWorksUnchanged(in: .isolated) }
    }

    /// Shared with `PageWorldIntegrationTests`.
    @MainActor
    static func seedStylePageCodeWorksUnchanged(in world: BridgeContentWorld) async throws {
        let page = BridgePageFixture(configuration: BridgeConfiguration(contentWorld: world))
        defer { page.close() }
        var places: [Place] = []
        page.bridge.add(Handler.message("geocode", as: Place.self) { [weak bridge = page.bridge] place in
            places.append(place)
            try bridge?.sendJavaScriptCall("setLatLon", 48.85, 2.35)
        })
        try await page.load(body: Self.seedPage)
        _ = try await page.bridge.evaluateJavaScript("sendObject(); sendString(); null")
        try await waitUntil { places.count == 2 }
        XCTAssertEqual(places, [Place(city: "Paris"), Place(city: "Oslo")])
        let text = try await page.bridge.evaluateJavaScript("document.getElementById('out').textContent", as: String.self)
        XCTAssertEqual(text, "48.85,2.35")
    }

    func testCallsBeforeCommitAreDelivered() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            page.bridge.load(html: "<script>window.log = []; function record(x) { window.log.push(x); return window.log.length; }</script>",
                             baseURI: "http://127.0.0.1/")
            // Sent before the page exists: queued, then run once its DOM is ready.
            try page.bridge.sendJavaScriptCall("record", "early")
            try await page.bridge.callJavaScript("record", "second")
            _ = try await page.run("while (!window.log || window.log.length < 2) await new Promise((r) => setTimeout(r, 5));")
            let log = try await page.bridge.evaluateJavaScript("window.log", as: [String].self)
            XCTAssertEqual(log, ["early", "second"])
        }
    }

    func testHostileArgumentsArriveIntact() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            try await page.load(body: "<script>function identity(x) { return x; } window.page = { echo: (x) => [x, x.length] };</script>")
            let strings = ["\"'\\", "a\nb\r\n", "\u{2028}\u{2029}", "</script><script>alert(1)</script>", "nul\0x",
                           "😀𝄞", String(decoding: [0xD800] as [UInt16], as: UTF16.self), "${x}`"]
            for string in strings {
                let back = try await page.bridge.callJavaScript("identity", arguments: [string], as: String.self)
                XCTAssertEqual(back, string)
                let viaPath = try await page.bridge.callJavaScript("page.echo", arguments: [string], as: JSONValue.self)
                XCTAssertEqual(viaPath, [.string(string), .number(Double(string.utf16.count))])
            }
        }
    }

    struct Progress: BridgeEvent, Equatable {
        static let eventName = "progress"
        var done: Int
        var label: String
    }

    func testEventsReachListenersAndDOMEvents() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            try await page.load(body: """
                <script>
                window.got = [];
                const listener = (p) => window.got.push(['on', p.done]);
                window.bridge.on('progress', listener);
                window.addEventListener('progress', (e) => window.got.push(['dom', e.detail.label]));
                window.dropListener = () => window.bridge.off('progress', listener);
                </script>
                """)
            try page.bridge.dispatch(Progress(done: 1, label: "one"))
            _ = try await page.run("while (window.got.length < 2) await new Promise((r) => setTimeout(r, 5));")
            _ = try await page.bridge.evaluateJavaScript("dropListener()")
            try page.bridge.dispatch(Progress(done: 2, label: "two"))
            _ = try await page.bridge.evaluateJavaScript("null")
            try await Task.sleep(for: .milliseconds(50))
            let got = try await page.bridge.evaluateJavaScript("window.got", as: JSONValue.self)
            XCTAssertEqual(got, [["on", 1], ["dom", "one"], ["dom", "two"]])
        }
    }
}
