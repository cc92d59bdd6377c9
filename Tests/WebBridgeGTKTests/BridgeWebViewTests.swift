import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import WebBridgeGTK
import WebKitGTK
import XCTest

/// WebKitGTK's `WebView` as the bridge's web view (`WebView+BridgeWebView`), driven through
/// the `BridgeWebView` protocol alone, without a bridge: message handlers and the shape of
/// their replies, document-start scripts, evaluated script, and page loads.
final class BridgeWebViewTests: GTKTestCase {
    /// The view's reply channel settles the page's Promise as it is told: with text (a string
    /// the page client parses, as the bridge sends small replies and strings) or with the value
    /// JSON text describes (as the bridge sends a large object or array), or rejects it. Which
    /// of the two a reply takes is `BridgeReply`'s choice (`MessageReplyTests`).
    func testRepliesReachThePageAsTextOrAsParsedJSON() {
        gtkTest { @MainActor in
            let window = TestWindow()
            defer { window.close() }
            let view: any BridgeWebView = window.view
            let large = "[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]"
            let longString = "\"" + String(repeating: "x", count: 20_000) + "\""
            var bodies: [MessageBody] = []
            view.addMessageHandler(named: "shaped", world: nil) { body, reply in
                bodies.append(body)
                switch body {
                case .string("small"): reply.resolve(text: #"{"a":[1,2]}"#)
                case .string("large"): reply.resolve(json: large)
                case .string("long string"): reply.resolve(text: longString)
                case .json: reply.resolve(text: "null")
                default: reply.reject(message: "refused")
                }
            }
            try await window.loadHTML("<p>page</p>")
            let outcome = try await view.runAsyncJavaScript("""
                const post = (m) => window.webkit.messageHandlers.shaped.postMessage(m);
                const small = await post('small'), large = await post('large'), long = await post('long string');
                const posted = await post({ n: 1 });
                let refused;
                try { await post('other'); } catch (e) { refused = e.message; }
                return [typeof small, small, Array.isArray(large), large.length, typeof long, long.length, posted, refused];
                """)
            let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(try XCTUnwrap(outcome).utf8))
            XCTAssertEqual(decoded, ["string", #"{"a":[1,2]}"#, true, 10_000, "string", 20_002, "null", "refused"])
            XCTAssertEqual(bodies.count, 5)
            XCTAssertEqual(bodies[3], .json(Data(#"{"n":1}"#.utf8)))
        }
    }

    /// A removed handler is gone from the page, and a handler in a named world is not in the page's.
    func testHandlersAreRemovedAndKeptToTheirWorld() {
        gtkTest { @MainActor in
            let window = TestWindow()
            defer { window.close() }
            let view: any BridgeWebView = window.view
            view.addMessageHandler(named: "pageWorld", world: nil) { _, reply in reply.resolve(json: "1") }
            view.addMessageHandler(named: "named", world: "BridgeWebViewTests") { _, reply in reply.resolve(json: "2") }
            try await window.loadHTML("<p>page</p>")
            let before = try await view.runJavaScript("[typeof window.webkit.messageHandlers.pageWorld, typeof window.webkit.messageHandlers.named]")
            XCTAssertEqual(before, #"["object","undefined"]"#)
            view.removeMessageHandler(named: "pageWorld", world: nil)
            try await window.loadHTML("<p>again</p>")
            let after = try await view.runJavaScript("typeof (window.webkit && window.webkit.messageHandlers.pageWorld)")
            XCTAssertEqual(after, #""undefined""#)
        }
    }

    /// Document-start scripts run before the page's own, in the main frame, until removed.
    func testDocumentStartScriptsRunFirstUntilRemoved() {
        gtkTest { @MainActor in
            let window = TestWindow()
            defer { window.close() }
            let view: any BridgeWebView = window.view
            let handle = view.addDocumentStartScript(DocumentStartScript(source: "window.early = 'set';"))
            let hidden = view.addDocumentStartScript(DocumentStartScript(source: "window.hidden = 'set';", world: "BridgeWebViewTests"))
            try await window.loadHTML("<script>window.seen = [String(window.early), String(window.hidden)];</script>")
            let seen = try await view.runJavaScript("window.seen")
            XCTAssertEqual(seen, #"["set","undefined"]"#)
            view.removeDocumentStartScript(handle)
            view.removeDocumentStartScript(hidden)
            try await window.loadHTML("<script>window.seen = String(window.early);</script>")
            let later = try await view.runJavaScript("window.seen")
            XCTAssertEqual(later, #""undefined""#)
        }
    }

    /// Evaluated script comes back as JSON text; `undefined` as nil; a throw as an error.
    func testScriptResultsAreJSONText() {
        gtkTest { @MainActor in
            let window = TestWindow()
            defer { window.close() }
            let view: any BridgeWebView = window.view
            try await window.loadHTML("<p>page</p>")
            let object = try await view.runJavaScript("({ a: [1, 'b', null] })")
            XCTAssertEqual(object, #"{"a":[1,"b",null]}"#)
            let awaited = try await view.runAsyncJavaScript("return await Promise.resolve('done');")
            XCTAssertEqual(awaited, #""done""#)
            let nothing = try await view.runJavaScript("undefined")
            XCTAssertNil(nothing)
            do {
                _ = try await view.runJavaScript("throw new Error('boom')")
                XCTFail("a throwing script must fail")
            } catch {}
        }
    }

    /// Loads are reported started, committed and finished with the page's URI, then the view's end.
    func testPageLoadsAndTheViewsEndAreObserved() {
        gtkTest { @MainActor in
            let window = TestWindow()
            let view: any BridgeWebView = window.view
            var events: [PageLoadEvent] = []
            let observation = view.observePageLoads { events.append($0) }
            try await window.loadHTML("<p>page</p>", baseURI: "http://127.0.0.1/observed.html")
            XCTAssertEqual(events, [.started(uri: "http://127.0.0.1/observed.html"), .committed(uri: "http://127.0.0.1/observed.html"),
                                    .finished(uri: "http://127.0.0.1/observed.html")])
            XCTAssertEqual(view.pageURI, "http://127.0.0.1/observed.html")
            window.close()
            XCTAssertEqual(events.last, .closed)
            withExtendedLifetime(observation) {}
        }
    }
}
