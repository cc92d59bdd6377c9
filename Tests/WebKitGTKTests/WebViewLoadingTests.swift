import JSONValue
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
}
