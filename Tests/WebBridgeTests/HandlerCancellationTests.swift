import Foundation
import ScriptMessaging
@testable import WebBridge
import WebBridgeTesting
import XCTest

/// Work for a call nobody waits for any more is cancelled; a handler can bound how many of
/// its calls run at once.
@MainActor
final class HandlerCancellationTests: XCTestCase {
    private var view: FakeWebView!
    private var bridge: WebViewBridge!
    private var cancelled = 0

    override func setUp() async throws {
        view = FakeWebView()
        bridge = WebViewBridge(webView: view)
        view.commit("app://localhost/a")
    }

    /// A handler that waits until cancelled, counting the cancellations.
    private func addSlowHandler(timeout: Duration? = nil) {
        bridge.add(Handler.replying("slow", timeout: timeout, as: Int.self) { [unowned self] _ -> Int in
            do { try await Task.sleep(for: .seconds(600)) } catch { cancelled += 1; throw error }
            return 0
        })
    }

    func testTimedOutWorkIsCancelled() async throws {
        addSlowHandler(timeout: .milliseconds(20))
        let outcome = await view.post("slow", .json(Data("1".utf8)))
        XCTAssertEqual(outcome.error?.code, .timeout)
        try await waitFor { self.cancelled == 1 }
    }

    func testWorkForAPageThatWentAwayIsCancelled() async throws {
        addSlowHandler()
        let reply = FakeReply()
        view.deliver("slow", .json(Data("1".utf8)), to: reply)
        view.commit("app://localhost/b")
        try await waitFor { self.cancelled == 1 }
        XCTAssertEqual(reply.answers.count, 1)
        let another = FakeReply()
        view.deliver("slow", .json(Data("1".utf8)), to: another)
        bridge.tearDown()
        try await waitFor { self.cancelled == 2 }
        XCTAssertEqual(another.answers.count, 1)
    }

    /// A stuck or ended web process will not hear an answer in time: waiting calls end at
    /// once with a code saying why, not each after its timeout, and their work is cancelled.
    func testAStuckOrEndedPageEndsWaitingCallsAtOnceWithItsCode() async throws {
        addSlowHandler(timeout: .seconds(600))
        for (event, code) in [(PageLoadEvent.unresponsive, BridgeError.Code.pageUnresponsive), (.webProcessTerminated, .webProcessTerminated)] {
            let reply = FakeReply()
            view.deliver("slow", .json(Data("1".utf8)), to: reply)
            XCTAssertTrue(reply.answers.isEmpty)
            let cancelledBefore = cancelled
            view.send(event)
            XCTAssertEqual(reply.answers.count, 1, "\(event)")
            XCTAssertEqual(reply.answers.first?.error?.code, code)
            try await waitFor { self.cancelled == cancelledBefore + 1 }
        }
        // A call made once the page answers again is served as before.
        bridge.add(Handler.replying("echo", as: Int.self) { $0 })
        view.commit("app://localhost/a")
        let outcome = await view.post("echo", .json(Data("5".utf8)))
        XCTAssertEqual(outcome, .resolved("5"))
    }

    func testConcurrencyIsBoundedPerHandlerAndLaterCallsRunInTurn() async throws {
        var running = 0
        var most = 0
        var gates: [CheckedContinuation<Void, Never>] = []
        bridge.add(Handler.replying("bounded", as: Int.self) { n -> Int in
            running += 1
            most = max(most, running)
            await withCheckedContinuation { gates.append($0) }
            running -= 1
            return n
        }.limited(to: 2))
        let replies = (0..<5).map { n in
            let reply = FakeReply()
            view.deliver("bounded", .json(Data("\(n)".utf8)), to: reply)
            return reply
        }
        try await waitFor { gates.count == 2 }
        XCTAssertEqual(running, 2)
        for _ in 0..<5 {
            try await waitFor { !gates.isEmpty }
            gates.removeFirst().resume()
        }
        try await waitFor { replies.allSatisfy { !$0.answers.isEmpty } }
        XCTAssertEqual(most, 2)
        XCTAssertEqual(replies.map(\.answers), (0..<5).map { [.resolved("\($0)")] })
    }

    func testACallQueuedBehindTheBoundWhosePageWentAwayNeverRuns() async throws {
        var started = 0
        bridge.add(Handler.replying("one", as: Int.self) { _ -> Int in
            started += 1
            try await Task.sleep(for: .seconds(600))
            return 0
        }.limited(to: 1))
        let first = FakeReply(), second = FakeReply()
        view.deliver("one", .json(Data("1".utf8)), to: first)
        view.deliver("one", .json(Data("2".utf8)), to: second)
        view.commit("app://localhost/b")
        let outcomes = await (first.answer(), second.answer())
        XCTAssertEqual(outcomes.0.error?.code, .handlerFailed)
        XCTAssertEqual(outcomes.1.error?.code, .handlerFailed)
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(started, 1)
    }

    /// A handler still running when its page goes away (it ran a nested main loop, as a
    /// modal dialog does) and keeping its reply for later: the call ends with the page's others.
    func testACallWhosePageWentAwayWhileItsHandlerRanIsCancelled() async throws {
        var kept: BridgeReply?
        bridge.add(Handler(name: "modal") { _, reply in
            kept = reply
            self.view.commit("app://localhost/b")
        })
        let reply = FakeReply()
        view.deliver("modal", .json(Data("1".utf8)), to: reply)
        XCTAssertEqual(reply.answers.count, 1)
        XCTAssertEqual(reply.answers.first?.error?.code, .handlerFailed)
        XCTAssertEqual(kept?.isPending, false)
    }

    private struct NeverHappened: Error {}

    /// Waits (generously) for `condition`; throws rather than going on without it.
    private func waitFor(_ condition: @escaping @MainActor () -> Bool) async throws {
        for _ in 0..<2000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        guard condition() else { throw NeverHappened() }
    }
}
