import Foundation
import WebBridge
import WebBridgeTesting
import XCTest

@MainActor
final class ErrorCodeTests: XCTestCase {
    private var view: FakeWebView!
    private var bridge: WebViewBridge!
    private var delegate: RecordingDelegate!

    override func setUp() async throws {
        view = FakeWebView()
        bridge = WebViewBridge(webView: view, configuration: BridgeConfiguration(maxPayloadBytes: 100, defaultTimeout: .seconds(5)))
        delegate = RecordingDelegate()
        bridge.delegate = delegate
    }

    func testInvalidPayloadNamesTheFieldAndTheExpectedType() async throws {
        bridge.add(Handler.message("address", as: Address.self) { _ in })
        let wrongType = try await view.postError("address", .json(Data(#"{"city":12}"#.utf8)))
        XCTAssertEqual(wrongType.code, .invalidPayload)
        XCTAssertTrue(wrongType.message.contains("'city'"), wrongType.message)
        XCTAssertTrue(wrongType.message.contains("expected string"), wrongType.message)

        let missing = try await view.postError("address", .json(Data(#"{"zip":1}"#.utf8)))
        XCTAssertTrue(missing.message.contains("'city'") && missing.message.contains("missing"), missing.message)

        let nested = try await view.postError("address", .string(#"{"city":"x","zip":"75001"}"#))
        XCTAssertTrue(nested.message.contains("'zip'") && nested.message.contains("expected number"), nested.message)
        XCTAssertEqual(delegate.failures.count, 3)
    }

    func testInvalidPayloadForAReplyingHandler() async throws {
        bridge.add(Handler.replying("r", as: [Int].self) { $0 })
        let error = try await view.postError("r", .json(Data(#"[1,"two"]"#.utf8)))
        XCTAssertEqual(error.code, .invalidPayload)
        XCTAssertTrue(error.message.contains("'[1]'") && error.message.contains("expected number"), error.message)
    }

    func testUnknownHandler() async throws {
        let error = try await view.invokeError("nothing", json: "{}")
        XCTAssertEqual(error.code, .unknownHandler)
        XCTAssertTrue(error.message.contains("nothing"))
    }

    /// The router splits its body at the first newline, which JSON text never holds raw: the
    /// name is the rest, whole, and matches only a handler of exactly that name.
    func testANameWithANewlineReachesNoOtherHandler() async throws {
        bridge.add(Handler.rawJSON("echo") { $0 })
        for name in ["echo\n", "echo\n{}", "\necho", "echo\r\n"] {
            let error = try await view.invokeError(name, json: "{}")
            XCTAssertEqual(error.code, .unknownHandler, name)
        }
        let outcome = await view.invokeThroughRouter("echo", json: #"{"a":"x\ny"}"#)
        XCTAssertEqual(outcome, .resolved(#"{"a":"x\ny"}"#))
    }

    func testHandlerFailedCarriesTheErrorsDescription() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the flux capacitor broke" } }
        bridge.add(Handler.action("sync") { throw Broken() })
        bridge.add(Handler.replying("async", as: Int.self) { (_: Int) async throws -> Int in throw Broken() })
        for name in ["sync", "async"] {
            let error = try await view.postError(name, .json(Data("1".utf8)))
            XCTAssertEqual(error.code, .handlerFailed)
            XCTAssertEqual(error.message, "the flux capacitor broke")
        }
    }

    func testAHandlerThrowingABridgeErrorKeepsItsCode() async throws {
        bridge.add(Handler.action("picky") { throw BridgeError(.invalidPayload, "no thanks") })
        let error = try await view.postError("picky", .undefined)
        XCTAssertEqual(error.code, .invalidPayload)
        XCTAssertEqual(error.message, "no thanks")
    }

    func testPayloadTooLarge() async throws {
        var ran = false
        bridge.add(Handler.bytes("big") { _ in ran = true })
        let error = try await view.postError("big", .string(String(repeating: "x", count: 101)))
        XCTAssertEqual(error.code, .payloadTooLarge)
        XCTAssertTrue(error.message.contains("101"))
        XCTAssertFalse(ran)
        do { let outcome = await view.post("big", .string(String(repeating: "x", count: 100))); XCTAssertEqual(outcome, .resolved("null")) }
    }

    func testPayloadTooLargeThroughTheRouter() async throws {
        bridge.add(Handler.bytes("big") { _ in })
        let error = try await view.invokeError("big", json: "\"\(String(repeating: "x", count: 200))\"")
        XCTAssertEqual(error.code, .payloadTooLarge)
    }

    func testTimeoutRejectsAndIgnoresTheLateAnswer() async throws {
        bridge.add(Handler.replying("slow", timeout: .milliseconds(50), as: Int.self) { (value: Int) async throws -> Int in
            try await Task.sleep(for: .seconds(2))
            return value
        })
        let started = ContinuousClock.now
        let error = try await view.postError("slow", .json(Data("1".utf8)))
        XCTAssertEqual(error.code, .timeout)
        XCTAssertTrue(error.message.contains("slow"))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(1))
    }

    func testDefaultTimeoutAppliesToHandlersThatKeepTheReply() async throws {
        bridge = WebViewBridge(webView: view, configuration: BridgeConfiguration(defaultTimeout: .milliseconds(30)))
        var kept: [BridgeReply] = []
        bridge.add(Handler(name: "keeper") { _, reply in kept.append(reply) })
        do { let outcome = await view.post("keeper", .undefined); XCTAssertEqual(outcome.error?.code, .timeout) }
        XCTAssertEqual(kept.count, 1)
    }

    func testAReplyDroppedUnansweredRejects() async throws {
        bridge.add(Handler(name: "forgetful") { _, _ in })
        let error = try await view.postError("forgetful", .undefined)
        XCTAssertEqual(error.code, .handlerFailed)
        XCTAssertTrue(error.message.contains("did not answer"))
    }

    func testADroppedReplyRejectsAtOnceNotOnALaterTurn() {
        bridge.add(Handler(name: "forgetful") { _, _ in })
        let fake = FakeReply()
        view.deliver("forgetful", .undefined, to: fake)
        XCTAssertEqual(fake.answers.count, 1)
        XCTAssertEqual(fake.answers.first?.error?.code, .handlerFailed)
    }

    func testEachReplyIsAnsweredOnce() async {
        var reply: BridgeReply?
        bridge.add(Handler(name: "twice") { _, r in reply = r; r.resolve(json: "1"); r.resolve(json: "2"); r.reject(BridgeError(.timeout, "x")) })
        let fake = FakeReply()
        view.deliver("twice", .undefined, to: fake)
        XCTAssertEqual(fake.answers, [.resolved("1")])
        XCTAssertEqual(reply?.isPending, false)
    }
}

@MainActor
final class RecordingDelegate: WebViewBridgeDelegate {
    var failures: [BridgeFailure] = []
    var loads: [PageLoadEvent] = []
    func bridge(_ bridge: WebViewBridge, didFail failure: BridgeFailure) { failures.append(failure) }
    func bridge(_ bridge: WebViewBridge, didObserve event: PageLoadEvent) { loads.append(event) }
}
