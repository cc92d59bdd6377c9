import Foundation
import JSONValue
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
}
