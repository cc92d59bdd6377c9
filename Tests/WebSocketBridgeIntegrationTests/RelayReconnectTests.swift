import Foundation
import ScriptMessaging
import SoupWebSocket
import TestHelpers
import WebBridge
import XCTest

/// What pages are told while a connection fails, reconnects and queues: `ws.connect`
/// resolves only once open, a first failure is a failure, a flapping server is retried
/// ever more slowly, and the send queue is bounded and dropped on close (websocket.d.ts).
final class RelayReconnectTests: RelayTestCase, @unchecked Sendable {
    func testConnectOnAReconnectingConnectionResolvesOnceItIsOpenAgain() throws {
        var server = try startServer(rate: 20)
        let port = server.port
        gtkTest(timeout: 40) {
            let page = try await self.openPage(self.makeRegistry())
            let id = try await page.connect(server.url())
            server.stop()
            try await eventually("reconnecting") { try await page.events().contains { $0.state == "reconnecting" } }

            // Asked again while reconnecting: the answer waits for the connection.
            _ = try await page.window.view.evaluateJavaScript("""
                window.bridge.invoke('ws.connect', { url: \(JavaScriptLiteral.string(server.url())) })
                  .then((info) => { window.reconnected = info; }, (e) => { window.reconnected = { error: e.code }; });
                null
                """)
            server = try self.startServer(port: port, rate: 20)
            try await eventually("resolved") { try await page.window.view.evaluateJavaScript("window.reconnected !== undefined", as: Bool.self) }
            let info = try await page.window.view.evaluateJavaScript("window.reconnected", as: ConnectionInfo.self)
            XCTAssertEqual(info.id, id)
            XCTAssertEqual(info.state, "open", "ws.connect resolves once the connection is open")
        }
    }

    func testAFirstFailedConnectReportsClosedWithTheError() throws {
        let stopped = try startServer()
        stopped.stop()
        gtkTest {
            let page = try await self.openPage(self.makeRegistry())
            let outcome = try await page.invoke("ws.connect", #"{"url": "\#(stopped.url())"}"#)
            XCTAssertEqual(outcome.error?.code, "handler-failed")
            try await eventually("closed") { try await page.events().contains { $0.state == "closed" } }
            let states = try await page.events().filter { $0.event == "state" }
            XCTAssertEqual(states.map(\.state), ["connecting", "closed"], "no reconnecting for a first failure")
            XCTAssertNil(states.last?.code, "not a requested close")
            XCTAssertTrue(states.last?.error?.contains("handshake failed") == true, "\(String(describing: states.last))")
        }
    }

    func testAServerThatDropsEveryConnectionAtOnceIsRetriedEverMoreSlowly() throws {
        let server = try startServer()
        gtkTest(timeout: 40) {
            let registry = self.makeRegistry {
                $0.reconnect = ReconnectPolicy(initialDelay: .milliseconds(50), maxDelay: .seconds(5), jitter: 0)
            }
            let page = try await self.openPage(registry)
            _ = try await page.invoke("ws.connect", #"{"url": "\#(server.url("/flap"))"}"#)
            try await eventually(timeout: 20, "five drops") {
                try await page.events().filter { $0.state == "reconnecting" }.count >= 5
            }
            let reconnecting = try await page.events().filter { $0.state == "reconnecting" }.prefix(5)
            XCTAssertEqual(reconnecting.map(\.attempt), [1, 2, 3, 4, 5], "a connection dropped at once does not reset the backoff")
            XCTAssertEqual(reconnecting.map(\.delayMs), [50, 100, 200, 400, 800])
        }
    }

    func testTheSendQueueIsBoundedAndDroppedWhenTheConnectionCloses() throws {
        var server = try startServer(rate: 20)
        let port = server.port
        gtkTest(timeout: 40) {
            let page = try await self.openPage(self.makeRegistry { $0.sendQueueCapacity = 3 })
            let id = try await page.connect(server.url())
            server.stop()
            try await eventually("reconnecting") { try await page.events().contains { $0.state == "reconnecting" } }
            for n in 1...3 {
                let sent = try await page.invoke("ws.send", #"{"id": "\#(id)", "json": {"type": "echo", "n": \#(n)}}"#)
                XCTAssertEqual(sent.value, ["id": .string(id), "queued": true])
            }
            let full = try await page.invoke("ws.send", #"{"id": "\#(id)", "json": {"type": "echo", "n": 4}}"#)
            XCTAssertEqual(full.error?.code, "handler-failed")
            XCTAssertTrue(full.error?.message.contains("send queue is full (3 messages") == true, "\(String(describing: full.error))")

            let closed = try await page.invoke("ws.close", #"{"id": "\#(id)"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(closed.value?.state, "closed")
            server = try self.startServer(port: port, rate: 20)
            let again = try await page.connect(server.url())
            XCTAssertNotEqual(again, id, "a new connection")
            _ = try await page.invoke("ws.send", #"{"id": "\#(again)", "json": {"type": "echo", "n": 9}}"#)
            try await eventually("the new connection echoes") { try await page.feed().contains { $0.n == 9 } }
            let echoed = try await page.feed().compactMap(\.n)
            XCTAssertEqual(echoed, [9], "messages queued on the closed connection were dropped, not sent")
        }
    }
}
