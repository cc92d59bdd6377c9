import Foundation
import ScriptMessaging
@testable import WebBridge
import WebBridgeTesting
import XCTest

/// One page-lifecycle state for the call queue and the bridge: loads that never commit,
/// teardown and cancellation all end what waits.
@MainActor
final class PageLifecycleTests: XCTestCase {
    private var view: FakeWebView!
    private var bridge: WebViewBridge!

    override func setUp() async throws {
        view = FakeWebView()
        bridge = WebViewBridge(webView: view)
    }

    func testALoadThatFailsBeforeCommittingReleasesTheQueueToThePageStillShowing() async throws {
        view.commit("app://localhost/a")
        view.send(.started(uri: "app://localhost/b"))
        let call = Task { try await self.bridge.callJavaScript("f") }
        try bridge.dispatch("e", 1)
        await Task.yield()
        XCTAssertEqual(view.evaluated, [])
        view.send(.failed(uri: "app://localhost/b", message: "cancelled"))
        _ = try await call.value
        XCTAssertEqual(view.evaluated.count, 2)
    }

    func testALoadThatEndsWithoutCommittingReleasesTheQueue() async throws {
        view.commit("app://localhost/a")
        view.send(.started(uri: "app://localhost/b"))
        let call = Task { try await self.bridge.callJavaScript("f") }
        await Task.yield()
        view.send(.finished(uri: "app://localhost/a"))
        _ = try await call.value
        XCTAssertEqual(view.evaluated.count, 1)
    }

    func testAFailedLoadLeavesTheOldPageTheCaller() async throws {
        bridge.add(Handler.rawJSON("echo") { $0 })
        view.commit("app://localhost/a")
        view.send(.started(uri: "https://elsewhere.example/"))
        view.pageURI = "https://elsewhere.example/"
        view.send(.failed(uri: "https://elsewhere.example/", message: "cancelled"))
        view.pageURI = "app://localhost/a"
        let outcome = await view.post("echo", .json(Data("1".utf8)))
        XCTAssertEqual(outcome, .resolved("1"))
    }

    func testTearDownEndsCallsWaitingForACommit() async throws {
        let call = Task { try await self.bridge.callJavaScript("f") }
        await Task.yield()
        bridge.tearDown()
        do {
            _ = try await call.value
            XCTFail("answered without a page")
        } catch let error as BridgeError {
            XCTAssertEqual(error.code, .handlerFailed)
        }
        XCTAssertEqual(view.evaluated, [])
    }

    func testCancellingTheCallerEndsACallWaitingForACommit() async throws {
        let call = Task { try await self.bridge.callJavaScript("f") }
        await Task.yield()
        call.cancel()
        do {
            _ = try await call.value
            XCTFail("answered without a page")
        } catch is CancellationError {}
        view.commit()
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(view.evaluated, [])
    }
    /// WebKit injects the page client when the parser makes the new document's root
    /// element, which can come well after the commit: events and page calls wait for it.
    func testClientScriptWaitsForTheClientOfTheNewDocument() async throws {
        let gate = CheckGate()
        view.clientCheck = { await gate.answer() }
        view.commit("app://localhost/a")
        try bridge.dispatch("e", 2)
        let call = Task { try await self.bridge.callJavaScript("f", 1) }
        let other = Task { try await self.bridge.evaluateJavaScript("3") }
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(view.evaluated, [], "no script before the client is there, nor behind what waits for it")
        XCTAssertEqual(view.clientChecks, 1)
        gate.open("true")
        _ = try await (call.value, other.value)
        XCTAssertEqual(view.evaluated, [#"window.__webViewHostBridge.__emit("e",2)"#, #"return window.__webViewHostBridge.__call("f",[1])"#, "3"])
        _ = try await bridge.callJavaScript("g")
        XCTAssertEqual(view.clientChecks, 1, "once per document")
        view.clientCheck = { "true" }
        view.commit("app://localhost/b")
        _ = try await bridge.callJavaScript("h")
        XCTAssertEqual(view.clientChecks, 2, "again for the next document")
    }

    /// A document the client never came to fails client script with a clear error; other
    /// script still runs there.
    func testADocumentWithoutTheClientFailsClientScriptClearly() async throws {
        let delegate = RecordingDelegate()
        bridge.delegate = delegate
        view.clientCheck = { "false" }
        view.commit("app://localhost/a")
        do {
            _ = try await bridge.callJavaScript("f")
            XCTFail("called a page without the client")
        } catch let error as BridgeError {
            XCTAssertEqual(error.code, .handlerFailed)
            XCTAssertTrue(error.message.contains("no bridge client"), error.message)
        }
        try bridge.sendJavaScriptCall("g")
        _ = try await bridge.evaluateJavaScript("1")
        XCTAssertEqual(view.evaluated, ["1"])
        XCTAssertEqual(view.clientChecks, 1)
        XCTAssertEqual(delegate.failures.count, 1, "the call sent without waiting is reported")
    }

    /// An answer about a document that has gone says nothing about the next one.
    func testACheckOfAnOlderDocumentDoesNotCount() async throws {
        let gate = CheckGate()
        view.clientCheck = { await gate.answer() }
        view.commit("app://localhost/a")
        let call = Task { try await self.bridge.callJavaScript("f") }
        try await Task.sleep(for: .milliseconds(20))
        view.commit("app://localhost/b")
        try await Task.sleep(for: .milliseconds(20))
        gate.open("false")
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(view.evaluated, [], "the new document is checked on its own")
        XCTAssertEqual(view.clientChecks, 2)
        gate.open("true")
        _ = try await call.value
        XCTAssertEqual(view.evaluated, [#"return window.__webViewHostBridge.__call("f",[])"#])
    }
}

/// Holds each client check until the test answers it.
@MainActor
private final class CheckGate {
    private var waiting: [CheckedContinuation<String?, Never>] = []

    func answer() async -> String? {
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Answers the oldest check still waiting.
    func open(_ answer: String) {
        guard !waiting.isEmpty else { return }
        waiting.removeFirst().resume(returning: answer)
    }
}
