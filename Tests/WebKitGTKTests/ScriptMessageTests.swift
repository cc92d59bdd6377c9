import Foundation
import ScriptMessaging
import TestHelpers
import WebKitGTK
import XCTest

/// What a page posts reaches the handler as WebKit hands it over: strings as strings (whole,
/// a NUL inside included), other values as their JSON text, `undefined` as `undefined`.
final class ScriptMessageTests: GTKTestCase {
    func testPostedValuesArriveAsStringsJSONOrUndefined() {
        gtkTest {
            let content = UserContentManager()
            var bodies: [MessageBody] = []
            content.addMessageHandler(name: "probe") { body, reply in
                bodies.append(body)
                reply.resolve(json: "null")
            }
            let host = TestWindow(view: WebView(userContent: content))
            try await host.loadHTML("<p>posting</p>")
            _ = try await host.view.evaluateJavaScript("""
                for (const value of [undefined, 'a\\u0000b', {a: [1, 'x']}, 3, null])
                  window.webkit.messageHandlers.probe.postMessage(value);
                true;
                """)
            try await waitUntil("every message arrived") { bodies.count == 5 }
            XCTAssertEqual(bodies, [.undefined, .string("a\u{0}b"), .json(Data(#"{"a":[1,"x"]}"#.utf8)),
                                    .json(Data("3".utf8)), .json(Data("null".utf8))])
            host.close()
        }
    }

    /// Each page Promise settles exactly once: with the first answer, later ones ignored; with
    /// an error when the handler drops its reply or answers with text that is not JSON.
    func testEachReplySettlesOnceAndADroppedOneRejects() {
        gtkTest {
            let content = UserContentManager()
            var kept: [MessageReply] = []
            content.addMessageHandler(name: "twice") { _, reply in
                reply.resolve(json: #"{"first":true}"#)
                reply.resolve(json: "2")
                reply.reject(message: "too late")
                kept.append(reply)
            }
            content.addMessageHandler(name: "forgetful") { _, _ in }
            content.addMessageHandler(name: "garbled") { _, reply in reply.resolve(json: "{not json") }
            let host = TestWindow(view: WebView(userContent: content))
            try await host.loadHTML("<p>replies</p>")
            let outcome = try await host.view.callAsyncJavaScriptJSON("""
                const settle = (p) => p.then((value) => ({ value }), (error) => ({ error: error.message }));
                const handlers = window.webkit.messageHandlers;
                return [await settle(handlers.twice.postMessage(1)), await settle(handlers.forgetful.postMessage(1)),
                        await settle(handlers.garbled.postMessage(1))];
                """)
            XCTAssertEqual(outcome, #"[{"value":{"first":true}},{"error":"the native handler did not answer"},"#
                + #"{"error":"the native reply was not valid JSON"}]"#)
            XCTAssertEqual(kept.map(\.isPending), [false])
            host.close()
        }
    }
}
