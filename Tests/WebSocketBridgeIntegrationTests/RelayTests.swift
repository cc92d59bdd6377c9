import Foundation
import ScriptMessaging
import TestHelpers
import XCTest

/// The `ws.*` relay end to end: a real web view's page talks to the shipped feed server
/// through `window.bridge.invoke`, and hears `ws.state` and `ws.message` events.
final class RelayTests: RelayTestCase, @unchecked Sendable {
    func testAPageSubscribesReceivesOnlyItsTopicAndUnsubscribes() throws {
        let server = try startServer(rate: 20)
        gtkTest {
            let page = try await self.openPage(self.makeRegistry())
            let connected = try await page.invoke("ws.connect", #"{"url": "\#(server.url())"}"#, as: ConnectionInfo.self)
            let id = try XCTUnwrap(connected.value?.id)
            XCTAssertEqual(connected.value, ConnectionInfo(id: id, url: server.url(), state: "open", subscriptions: []))
            let subscribed = try await page.invoke("ws.subscribe", #"{"id": "\#(id)", "topic": "news"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(subscribed.value?.subscriptions, ["news"])

            try await eventually("news arrives") { try await page.feed().count >= 5 }
            let news = try await page.feed()
            XCTAssertEqual(Set(news.map(\.topic)), ["news"], "only the subscribed topic")
            XCTAssertEqual(Array(news.map(\.seq).prefix(5)), [0, 1, 2, 3, 4], "every message, in order")
            let states = try await page.events().filter { $0.event == "state" }.map(\.state)
            XCTAssertEqual(states, ["connecting", "open"])

            let unsubscribed = try await page.invoke("ws.unsubscribe", #"{"id": "\#(id)", "topic": "news"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(unsubscribed.value?.subscriptions, [])
            try await Task.sleep(for: .milliseconds(300))  // frames already on the way may land
            let settled = try await page.feed().count
            try await Task.sleep(for: .milliseconds(500))  // 10 more would have come at 20/s
            let after = try await page.feed().count
            XCTAssertEqual(after, settled, "no messages after unsubscribing")

            let sent = try await page.invoke("ws.send", #"{"id": "\#(id)", "json": {"type": "echo", "n": 7}}"#)
            XCTAssertEqual(sent.value, ["id": .string(id), "queued": false])
            _ = try await page.invoke("ws.send", #"{"id": "\#(id)", "text": "{\"type\":\"echo\",\"n\":8}"}"#)
            try await eventually("echoes") { try await page.feed().filter { $0.type == "echo" }.count == 2 }
            let echoes = try await page.feed().filter { $0.type == "echo" }.map(\.n)
            XCTAssertEqual(echoes, [7, 8])

            let closed = try await page.invoke("ws.close", #"{"id": "\#(id)", "code": 4000, "reason": "done"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(closed.value?.state, "closed")
            try await eventually("closed event") { try await page.events().last?.state == "closed" }
            let afterClose = try await page.invoke("ws.send", #"{"id": "\#(id)", "text": "x"}"#)
            XCTAssertEqual(afterClose.error?.code, "invalid-payload", "a closed connection is gone")
        }
    }

    /// websocket.d.ts's states, all of them (issue 19, item 5): `ws.close` reports `closing`,
    /// then `closed` with the code and reason, to the last user and to a window leaving a
    /// connection another still uses.
    func testClosingIsReportedBeforeClosed() throws {
        let server = try startServer(rate: 1)
        gtkTest {
            let (_, first, second) = try await self.openTwoWindows()
            let id = try await first.connect(server.url())
            _ = try await second.connect(server.url())
            for page in [second, first] {
                let closed = try await page.invoke("ws.close", #"{"id": "\#(id)", "code": 4001, "reason": "bye"}"#, as: ConnectionInfo.self)
                XCTAssertEqual(closed.value?.state, "closed")
                try await eventually("closed event") { try await page.events().last?.state == "closed" }
                let states = try await page.events().filter { $0.event == "state" }
                XCTAssertEqual(Array(states.map(\.state).suffix(2)), ["closing", "closed"])
                if page === first { XCTAssertEqual(states.map(\.state), ["connecting", "open", "closing", "closed"]) }
                XCTAssertEqual(states.last?.code, 4001)
                XCTAssertEqual(states.last?.reason, "bye")
            }
        }
    }

    func testARestartedServerIsReconnectedWithTheSubscriptionRestored() throws {
        var server = try startServer(rate: 20)
        let port = server.port
        gtkTest(timeout: 40) {
            let page = try await self.openPage(self.makeRegistry())
            let id = try await page.connect(server.url())
            _ = try await page.invoke("ws.subscribe", #"{"id": "\#(id)", "topic": "weather"}"#)
            try await eventually("weather arrives") { try await page.feed().count >= 3 }

            server.stop()
            try await eventually("reconnect attempts") {
                try await page.events().filter { $0.state == "reconnecting" }.count >= 2
            }
            let before = try await page.events().count
            server = try self.startServer(port: port, rate: 20)
            try await eventually("open again") {
                try await page.events().dropFirst(before).contains { $0.state == "open" }
            }
            try await eventually("weather again") { try await page.feed().filter { $0.seq == 2 }.count >= 2 }

            let states = try await page.events().filter { $0.event == "state" }
            let firstReconnecting = try XCTUnwrap(states.firstIndex { $0.state == "reconnecting" })
            XCTAssertEqual(states[firstReconnecting].attempt, 1)
            XCTAssertNotNil(states[firstReconnecting].error, "the page is told why")
            let attempts = states.compactMap { $0.state == "reconnecting" ? $0.attempt : nil }
            XCTAssertEqual(attempts, Array(1...attempts.count), "attempts counted up while the server was down")
            XCTAssertEqual(states.last?.state, "open")
            let frames = try await page.feed()
            XCTAssertEqual(Set(frames.map(\.topic)), ["weather"])
            let restarted = try XCTUnwrap(frames.lastIndex { $0.seq == 0 })
            XCTAssertGreaterThan(restarted, 0, "a new server-side subscription after the restart")
            XCTAssertEqual(frames[restarted...].prefix(3).map(\.seq), [0, 1, 2])
        }
    }

    func testBadInputRejectsWithTheBridgesCodes() throws {
        let server = try startServer()
        let stopped = try startServer()
        stopped.stop()
        gtkTest {
            let page = try await self.openPage(self.makeRegistry())
            let cases: [(String, String, String, String)] = [
                ("ws.connect", #"{"url": "http://127.0.0.1/feed"}"#, "invalid-payload", "invalid WebSocket URL"),
                ("ws.connect", #"{"url": "not a url"}"#, "invalid-payload", "invalid WebSocket URL"),
                ("ws.connect", #"{}"#, "invalid-payload", "url"),
                ("ws.connect", #"{"url": 5}"#, "invalid-payload", "url"),
                ("ws.connect", #"{"url": "\#(stopped.url())"}"#, "handler-failed", "handshake failed"),
                ("ws.subscribe", #"{"id": "ws-99", "topic": "news"}"#, "invalid-payload", "no WebSocket connection with id 'ws-99'"),
                ("ws.unsubscribe", #"{"topic": "news"}"#, "invalid-payload", "id"),
                ("ws.send", #"{"id": "nope", "text": "x"}"#, "invalid-payload", "no WebSocket connection"),
                ("ws.close", #"{"id": "nope"}"#, "invalid-payload", "no WebSocket connection"),
            ]
            for (name, payload, code, message) in cases {
                let outcome = try await page.invoke(name, payload)
                XCTAssertEqual(outcome.error?.code, code, "\(name) \(payload): \(outcome)")
                XCTAssertEqual(outcome.error?.isError, true)
                XCTAssertTrue(outcome.error?.message.contains(message) == true, "\(name) \(payload): \(String(describing: outcome.error))")
            }

            let id = try await page.connect(server.url())
            XCTAssertEqual(self.registries.first?.connectionIDs, [id], "the failed connection was dropped")
            let connectedCases: [(String, String, String)] = [
                ("ws.subscribe", #"{"id": "\#(id)"}"#, "topic"),
                ("ws.subscribe", #"{"id": "\#(id)", "topic": ""}"#, "'topic' must not be empty"),
                ("ws.send", #"{"id": "\#(id)"}"#, "exactly one of 'text'"),
                ("ws.send", #"{"id": "\#(id)", "text": "a", "json": 1}"#, "exactly one of 'text'"),
                ("ws.close", #"{"id": "\#(id)", "code": "x"}"#, "code"),
            ]
            for (name, payload, message) in connectedCases {
                let outcome = try await page.invoke(name, payload)
                XCTAssertEqual(outcome.error?.code, "invalid-payload", "\(name) \(payload): \(outcome)")
                XCTAssertTrue(outcome.error?.message.contains(message) == true, "\(name) \(payload): \(String(describing: outcome.error))")
            }
        }
    }

    func testAConnectionIsSharedByPagesAndOutlivesThePageThatOpenedIt() throws {
        let server = try startServer(rate: 20)
        gtkTest {
            let (registry, first, second) = try await self.openTwoWindows()
            let id = try await first.connect(server.url())
            _ = try await first.invoke("ws.subscribe", #"{"id": "\#(id)", "topic": "prices"}"#)

            let joined = try await second.invoke("ws.connect", #"{"url": "\#(server.url())"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(joined.value?.id, id, "the same origin and address: the same connection")
            XCTAssertEqual(joined.value?.subscriptions, [], "the subscriptions are the first window's")
            try await eventually("both pages hear it") {
                let counts = [try await first.feed().count, try await second.feed().count]
                return counts.allSatisfy { $0 >= 3 }
            }
            let other = try await second.invoke("ws.connect", #"{"url": "\#(server.url())", "protocols": ["feed.v1"]}"#,
                                                as: ConnectionInfo.self)
            let otherID = try XCTUnwrap(other.value?.id)
            XCTAssertNotEqual(otherID, id, "other handshake options: another connection")

            // The first page goes away: the connection stays up and the second page keeps hearing it.
            try await first.load()
            XCTAssertEqual(Set(registry.connectionIDs), [id, otherID])
            let heard = try await second.feed().count
            try await Task.sleep(for: .milliseconds(400))
            let firstEvents = try await first.events()
            let secondCount = try await second.feed().count
            XCTAssertEqual(firstEvents, [], "a new page hears nothing it did not ask for")
            XCTAssertGreaterThan(secondCount, heard)

            // Coming back, it gets the connection that is still up.
            let back = try await first.invoke("ws.connect", #"{"url": "\#(server.url())"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(back.value?.id, id)
            XCTAssertEqual(back.value?.subscriptions, ["prices"], "the window's subscriptions outlive its page")
            try await eventually("the first page hears it again") { try await first.feed().count >= 2 }
        }
    }
}
