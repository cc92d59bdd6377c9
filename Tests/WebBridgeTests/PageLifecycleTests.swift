import Foundation
import JSONValue
@testable import WebBridge
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
}
