import Foundation
import LoopTestHelpers
import SoupWebSocket
import XCTest

final class ReconnectTests: FeedServerTestCase, @unchecked Sendable {
    /// Numbered echo requests; the server sends each back, so the echoes show what it received.
    @MainActor
    private func sendEchoes(_ numbers: Range<Int>, through client: WebSocketClient) throws {
        for n in numbers {
            try client.send(text: #"{"type":"echo","n":\#(n)}"#)
        }
    }

    func testADroppedConnectionReconnectsRestoresSubscriptionsAndDeliversTheQueueOnce() throws {
        let server = try startServer(rate: 50)
        loopTest {
            let client = try self.makeClient(server.url())
            let recorder = Recorder(client)
            try await client.connect()
            try client.subscribe("prices")
            try self.sendEchoes(0..<10, through: client)
            try await waitUntil { recorder.frames(ofType: "echo").count == 10 && !recorder.frames(ofType: "feed").isEmpty }

            // The server aborts every connection and refuses handshakes for 400 ms.
            try client.send(text: #"{"type":"drop","refuseMs":400}"#)
            try await waitUntil {
                if case .reconnecting = client.state { true } else { false }
            }
            let feedBeforeDrop = recorder.frames(ofType: "feed").count
            try self.sendEchoes(10..<60, through: client)
            XCTAssertEqual(client.pendingMessages.count, 50, "sent while disconnected: queued")

            try await waitUntil(timeout: 5) { client.state == .open }
            XCTAssertEqual(client.pendingMessages, [])
            try self.sendEchoes(60..<70, through: client)
            try await waitUntil { recorder.frames(ofType: "echo").count >= 70 }
            try await waitUntil { recorder.frames(ofType: "feed").count > feedBeforeDrop + 3 }
            try await Task.sleep(for: .milliseconds(200))  // room for a duplicate to show up

            XCTAssertEqual(recorder.frames(ofType: "echo").map(\.n), Array(0..<70), "every message once, in order")
            let restored = recorder.frames(ofType: "feed").dropFirst(feedBeforeDrop)
            XCTAssertEqual(restored.first?.seq, 0, "a new server-side subscription after the reconnect")
            XCTAssertEqual(Set(restored.map(\.topic)), ["prices"])
            let attempts = recorder.states.compactMap { state -> Int? in
                if case .reconnecting(let attempt, _, _) = state { attempt } else { nil }
            }
            XCTAssertEqual(attempts.first, 1)
            XCTAssertGreaterThan(attempts.count, 1, "refused handshakes were retried with backoff")
        }
    }

    func testAServerCloseWithoutReconnectingReportsItsCodeAndReason() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url()) { $0.reconnect = nil }
            try await client.connect()
            try client.send(text: #"{"type":"close","code":4001,"reason":"maintenance"}"#)
            try await waitUntil { if case .closed = client.state { true } else { false } }
            XCTAssertEqual(client.state, .closed(.failed(.connectionLost(code: 4001, reason: "maintenance"))))
        }
    }

    func testASilentServerIsDetectedByKeepAlive() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url()) {
                $0.keepAlive = KeepAlive(pingInterval: .seconds(1), timeout: .milliseconds(2500))
            }
            let recorder = Recorder(client)
            try await client.connect()
            try await Task.sleep(for: .milliseconds(2800))  // longer than the timeout: pongs keep it up
            XCTAssertEqual(recorder.states, [.connecting(attempt: 0), .open], "an idle peer that answers pings stays connected")

            try client.send(text: #"{"type":"silent"}"#)
            let silentAt = ContinuousClock.now
            try await waitUntil(timeout: 5) {
                if case .reconnecting = client.state { true } else { false }
            }
            guard case .reconnecting(1, _, let error) = client.state else { return XCTFail("\(client.state)") }
            XCTAssertEqual(error, .peerSilent(after: .milliseconds(2500)))
            XCTAssertLessThan(ContinuousClock.now - silentAt, .milliseconds(3500), "detected within the timeout and a check period")
            try await waitUntil { client.state == .open }  // a fresh connection is not silent
        }
    }

    func testAHandshakeThatNeverCompletesTimesOut() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url("/stall")) {
                $0.handshakeTimeout = .milliseconds(300)
                $0.reconnect = nil
            }
            let started = ContinuousClock.now
            do {
                try await client.connect()
                XCTFail("the handshake cannot complete")
            } catch {
                XCTAssertEqual(error as? WebSocketError, .handshakeTimedOut(after: .milliseconds(300)))
            }
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
            XCTAssertEqual(client.state, .closed(.failed(.handshakeTimedOut(after: .milliseconds(300)))))
        }
    }

    func testCancellingTheWaitForAConnectionLeavesTheClientConnecting() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url("/stall")) { $0.handshakeTimeout = .seconds(20) }
            let waiter = Task { @MainActor () -> WebSocketError? in
                do { try await client.connect(); return nil } catch { return error as? WebSocketError }
            }
            try await waitUntil { client.state == .connecting(attempt: 0) }
            waiter.cancel()
            let error = await waiter.value
            XCTAssertEqual(error, .cancelled)
            XCTAssertEqual(client.state, .connecting(attempt: 0))
        }
    }

    func testAFullSendQueueThrowsAndTheQueuedMessagesGoOutInOrder() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url("/echo")) { $0.sendQueueCapacity = 3 }
            let recorder = Recorder(client)
            for text in ["one", "two", "three"] {
                try client.send(text: text)
            }
            XCTAssertThrowsError(try client.send(text: "four")) {
                XCTAssertEqual($0 as? WebSocketError, .sendQueueFull(capacity: 3))
            }
            XCTAssertEqual(client.pendingMessages, [.text("one"), .text("two"), .text("three")])
            try await client.connect()
            try await waitUntil { recorder.messages.count == 3 }
            XCTAssertEqual(recorder.messages, [.text("one"), .text("two"), .text("three")])
        }
    }

    func testGivingUpAfterMaxAttemptsClosesWithTheLastError() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url("/stall")) {
                $0.handshakeTimeout = .milliseconds(100)
                $0.reconnect = ReconnectPolicy(initialDelay: .milliseconds(20), maxDelay: .milliseconds(50), maxAttempts: 2)
            }
            let recorder = Recorder(client)
            do {
                try await client.connect()
                XCTFail("the handshake cannot complete")
            } catch {
                XCTAssertEqual(error as? WebSocketError, .handshakeTimedOut(after: .milliseconds(100)))
            }
            let connecting = recorder.states.compactMap { state -> Int? in
                if case .connecting(let attempt) = state { attempt } else { nil }
            }
            XCTAssertEqual(connecting, [0, 1, 2])
        }
    }
}
