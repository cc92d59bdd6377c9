import Foundation
import ScriptMessaging
import TestHelpers
import WebKitGTK
import XCTest

final class WebViewLoadingTests: GTKTestCase {
    func testLocalPageReachesTitleAndFullProgress() {
        let files = TestDirectory()
        let page = files.write("index.html", "<title>Hello from disk</title><p>hi</p>")
        gtkTest {
            let host = TestWindow()
            var progress: [Double] = []
            var titles: [String?] = []
            let observation = host.view.observe { event in
                switch event {
                case .progressChanged(let value): progress.append(value)
                case .titleChanged(let title): titles.append(title)
                default: break
                }
            }
            host.view.load(fileAtPath: page.path)
            // The title notification may trail the end of the load under load: wait for both.
            try await waitUntil("load finished") { !host.view.isLoading && progress.last == 1.0 && host.view.title != nil }
            XCTAssertEqual(host.view.title, "Hello from disk")
            XCTAssertEqual(titles.last, "Hello from disk")
            XCTAssertEqual(host.view.uri, page.absoluteString)
            XCTAssertEqual(progress.last, 1.0)
            observation.cancel()
            host.close()
        }
    }

    func testEvaluateJavaScriptReturnsEveryKind() {
        gtkTest {
            let host = TestWindow()
            try await host.loadHTML("<title>js</title>")
            let view = host.view
            let string = try await view.evaluateJavaScript("'a' + 'b'")
            XCTAssertEqual(string, .string("ab"))
            let number = try await view.evaluateJavaScript("6 * 7")
            XCTAssertEqual(number, .number(42))
            let bool = try await view.evaluateJavaScript("1 < 2")
            XCTAssertEqual(bool, .bool(true))
            let null = try await view.evaluateJavaScript("null")
            XCTAssertEqual(null, .some(.null))
            let undefined = try await view.evaluateJavaScript("undefined")
            XCTAssertNil(undefined)
            let object = try await view.evaluateJavaScript("({a: [1, 'x', false, null], b: {c: 2.5}})")
            XCTAssertEqual(object, ["a": [1, "x", false, nil], "b": ["c": 2.5]])
            do {
                _ = try await view.evaluateJavaScript("throw new TypeError('boom')")
                XCTFail("no error thrown")
            } catch JavaScriptError.exception(let message) {
                XCTAssertTrue(message.contains("boom"), message)
            }
            host.close()
        }
    }

    /// A date read from a page is the instant the page meant, whichever way it crossed: a
    /// `Date` (JSON gives its ISO 8601 text) or `getTime()`'s whole milliseconds since 1970 —
    /// as the bridge reads a page's dates.
    func testEvaluateJavaScriptDecodesDatesAsTheBridgeSendsThem() {
        struct Stamped: Decodable { var date: Date; var millis: Date }
        gtkTest {
            let host = TestWindow()
            try await host.loadHTML("<title>dates</title>")
            let stamped = try await host.view.evaluateJavaScript(
                "({date: new Date(1796230241756), millis: new Date(1796230241756).getTime()})", as: Stamped.self)
            XCTAssertEqual(stamped.date.timeIntervalSince1970, 1_796_230_241.756, accuracy: 0.000_5)
            XCTAssertEqual(stamped.millis.timeIntervalSince1970, 1_796_230_241.756, accuracy: 0.000_5)
            let async = try await host.view.callAsyncJavaScript("return new Date(12500).getTime()", as: Date.self)
            XCTAssertEqual(async, Date(timeIntervalSince1970: 12.5))
            host.close()
        }
    }
}
