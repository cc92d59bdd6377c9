import Foundation
import ScriptMessaging
import WebBridge
import WebBridgeTesting
import XCTest

/// The fake page does what the page client does: it routes, encodes and decodes as the
/// client would, so a test of an app's handler sees what its page will see.
@MainActor
final class FakeWebViewTests: XCTestCase {
    private var page: FakeWebView!
    private var bridge: WebViewBridge!

    override func setUp() async throws {
        page = FakeWebView()
        bridge = WebViewBridge(webView: page)
        page.commit()
    }

    private struct Point: Codable, Equatable {
        let x: Int
        let y: Int
    }

    private struct Ticked: BridgeEvent, Codable, Equatable {
        static let eventName = "ticked"
        let at: Date
    }

    func testInvokePostsToTheHandlerOfThatNameAsWebKitHandsItOver() async throws {
        var bodies: [MessageBody] = []
        bridge.add(Handler(name: "seen") { message, reply in
            bodies.append(message.body)
            reply.resolve(json: "null")
        })
        try await page.invoke("seen", "text")
        try await page.invoke("seen", Point(x: 1, y: 2))
        try await page.invoke("seen")
        XCTAssertEqual(bodies, [.string("text"), .json(Data(#"{"x":1,"y":2}"#.utf8)), .undefined])
    }

    func testInvokeOfAnUnknownNameGoesThroughTheRouter() async {
        let answer = await page.invoke("nobody", json: "1")
        XCTAssertEqual(answer.error?.code, .unknownHandler)
        XCTAssertTrue(answer.error?.message.contains("nobody") == true, "\(answer)")
    }

    func testATypedInvokeDecodesTheAnswerAndThrowsTheRejection() async throws {
        bridge.add(Handler.replying("swap", as: Point.self) { Point(x: $0.y, y: $0.x) })
        let swapped = try await page.invoke("swap", Point(x: 1, y: 2), as: Point.self)
        XCTAssertEqual(swapped, Point(x: 2, y: 1))
        do {
            _ = try await page.invoke("swap", ["x": 1], as: Point.self)
            XCTFail("a point without y was swapped")
        } catch {
            XCTAssertEqual(error.code, .invalidPayload)
            XCTAssertTrue(error.message.contains("'y'"), error.message)
        }
        do {
            _ = try await page.invoke("swap", Point(x: 1, y: 2), as: String.self)
            XCTFail("a point decoded as a string")
        } catch {
            XCTAssertEqual(error.code, .invalidPayload)
        }
    }

    func testARejectionThatIsNotTheBridgesReadsAsHandlerFailed() {
        XCTAssertEqual(PageAnswer.rejected("no message handler x").error, BridgeError(.handlerFailed, "no message handler x"))
        XCTAssertEqual(PageAnswer.rejected(BridgeError(.timeout, "late").rejectionMessage).error, BridgeError(.timeout, "late"))
        XCTAssertNil(PageAnswer.resolved("1").error)
    }

    func testEventsReadBackAsThePageGetsThem() throws {
        let at = Date(timeIntervalSince1970: 1_700_000_000.25)
        try bridge.dispatch(Ticked(at: at))
        try bridge.dispatch("note", "line\u{2028}two </script>")
        XCTAssertEqual(page.events.map(\.name), ["ticked", "note"])
        XCTAssertEqual(page.events[0].payload, ["at": 1_700_000_000_250])
        XCTAssertEqual(try page.events(Ticked.self), [Ticked(at: at)])
        XCTAssertEqual(try page.events[1].decode(String.self), "line\u{2028}two </script>")
    }

    func testEventsWaitForACommittedPageWithItsClient() throws {
        let view = FakeWebView()
        let other = WebViewBridge(webView: view)
        try other.dispatch("early", 1)
        XCTAssertEqual(view.events, [])
        view.commit()
        XCTAssertEqual(view.events.map(\.name), ["early"])
    }

    func testBytesGoToTheBinaryHandlerWithTheirMeta() async throws {
        struct Meta: Codable { let name: String }
        bridge.add(BinaryHandler("reverse", meta: Meta.self) { data, meta in Data(data.reversed()) + Data(meta.name.utf8) })
        let answer = try await page.invokeBinary("reverse", Data([1, 2, 3]), meta: Meta(name: "a b/é"))
        XCTAssertEqual(answer, .bytes(Data([3, 2, 1]) + Data("a b/é".utf8)))
    }

    func testATypedBinaryAnswerAndARequestAloneDecode() async throws {
        struct Size: Codable, Equatable { let count: Int }
        bridge.add(BinaryHandler("count", meta: JSONValue.self, answer: Size.self) { data, _ in Size(count: data.count) })
        bridge.add(BinaryHandler("zeros", request: Size.self) { Data(count: $0.count) })
        let counted = try await page.invokeBinary("count", Data(count: 5))
        XCTAssertEqual(try counted.value(as: Size.self), Size(count: 5))
        let zeros = try await page.invokeBinary("zeros", request: Size(count: 3))
        XCTAssertEqual(zeros, .bytes(Data(count: 3)))
    }

    func testBinaryRefusalsCarryTheBridgesCodes() async {
        bridge.add(BinaryHandler("takes", request: Int.self) { _ in Data() })
        for (call, code) in [("missing", BridgeError.Code.unknownHandler), ("takes", .invalidPayload)] {
            do {
                _ = try await page.invokeBinary(call, Data([1]))
                XCTFail("\(call) answered")
            } catch {
                XCTAssertEqual(error.code, code, call)
            }
        }
        page.commit("https://example.com/")
        do {
            _ = try await page.invokeBinary("takes", request: 1)
            XCTFail("another origin was answered")
        } catch {
            XCTAssertEqual(error.code, .forbidden)
        }
    }

    func testAPageCallIsAnsweredByTheScriptResult() async throws {
        page.scriptResult = { script in script.contains("\"app.size\"") ? "42" : "null" }
        let size = try await bridge.callJavaScript("app.size", arguments: [], as: Int.self)
        XCTAssertEqual(size, 42)
    }
}
