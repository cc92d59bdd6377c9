import Foundation
import ScriptMessaging
import WebBridge
import WebBridgeTesting
import XCTest

@MainActor
final class PageCallTests: XCTestCase {
    private var view: FakeWebView!
    private var bridge: WebViewBridge!

    override func setUp() async throws {
        view = FakeWebView()
        bridge = WebViewBridge(webView: view)
    }

    func testCallsBeforeCommitAreQueuedAndDeliveredInOrderAfterIt() async throws {
        view.scriptResult = { _ in "7" }
        let first = Task { try await self.bridge.callJavaScript("first", 1) }
        let second = Task { try await self.bridge.callJavaScript("second", "two") }
        try await Task.sleep(for: .milliseconds(20))
        try bridge.dispatch("ready", ["ok": true])
        XCTAssertEqual(view.evaluated, [])
        view.commit()
        let results = try await (first.value, second.value)
        XCTAssertEqual(results.0, 7)
        XCTAssertEqual(results.1, 7)
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(view.evaluated, [
            #"return window.__webViewHostBridge.__call("first",[1])"#,
            #"return window.__webViewHostBridge.__call("second",["two"])"#,
            #"window.__webViewHostBridge.__emit("ready",{"ok":true})"#,
        ])
    }

    func testANewLoadQueuesAgainUntilItCommits() async throws {
        view.commit()
        _ = try await bridge.callJavaScript("now")
        view.send(.started(uri: "app://next"))
        let later = Task { try await self.bridge.callJavaScript("later") }
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(view.evaluated.count, 1)
        view.send(.committed(uri: "app://next"))
        _ = try await later.value
        XCTAssertEqual(view.evaluated.count, 2)
    }

    func testTypedEvaluateDecodesTheResult() async throws {
        view.commit()
        view.scriptResult = { _ in #"{"street":null,"city":"Oslo"}"# }
        let address = try await bridge.evaluateJavaScript("page.address()", as: Address.self)
        XCTAssertEqual(address, Address(city: "Oslo"))
        view.scriptResult = { _ in "42" }
        do {
            _ = try await bridge.evaluateJavaScript("1", as: Address.self)
            XCTFail("a number decoded as an address")
        } catch let error as BridgeError {
            XCTAssertEqual(error.code, .invalidPayload)
        }
    }

    func testScriptErrorsReachTheCallerAndFireAndForgetErrorsTheDelegate() async throws {
        struct PageThrew: Error {}
        let delegate = RecordingDelegate()
        bridge.delegate = delegate
        view.commit()
        view.scriptResult = { _ in throw PageThrew() }
        do {
            try await bridge.callJavaScript("broken")
            XCTFail("no error")
        } catch is PageThrew {}
        try bridge.sendJavaScriptCall("broken")
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(delegate.failures.count, 1)
        XCTAssertEqual(delegate.loads, [.started(uri: "app://localhost/page"), .committed(uri: "app://localhost/page")])
    }

    func testTheDispatcherIsReplaceableAndGetsTypedEvents() throws {
        final class Recorder: EventDispatcher {
            var sent: [(String, String)] = []
            func dispatch(event name: String, payloadJSON: String, to page: any PageScriptRunner) {
                sent.append((name, payloadJSON))
            }
        }
        struct Tick: BridgeEvent {
            static let eventName = "tick"
            var count: Int
        }
        let recorder = Recorder()
        bridge.eventDispatcher = recorder
        view.commit()
        try bridge.dispatch(Tick(count: 3))
        try bridge.dispatch("note", "a</script>b")
        XCTAssertEqual(recorder.sent.map(\.0), ["tick", "note"])
        XCTAssertEqual(recorder.sent.map(\.1), [#"{"count":3}"#, #""a<\/script>b""#])
        XCTAssertEqual(view.evaluated, [])
    }

    func testTheDefaultDispatcherCallsTheClient() async throws {
        view.commit()
        try bridge.dispatch("progress", [0.5])
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(view.evaluated, [#"window.__webViewHostBridge.__emit("progress",[0.5])"#])
    }

    func testLoadGoesToTheView() {
        bridge.load(uri: "app://x")
        bridge.load(html: "<p>", baseURI: nil)
        XCTAssertEqual(view.loaded, ["app://x", "<p>"])
    }
}
