import Foundation
import ScriptMessaging
import TestHelpers
import XCTest

/// Who may use a relayed connection: only pages of the origin that opened it, and only
/// through their own `ws.connect`; ids cannot be guessed, and one page giving up its topics
/// or the connection leaves every other page's use intact.
final class RelayScopeTests: RelayTestCase, @unchecked Sendable {
    func testAPageOfAnotherOriginInAnotherWindowCannotTakeOverAConnection() throws {
        let server = try startServer(rate: 20)
        gtkTest {
            let registry = self.makeRegistry()
            let owner = try await self.openPage(registry, origin: RelayPage.origins[0])
            let intruder = try await self.openPage(registry, origin: RelayPage.origins[1])
            let id = try await owner.connect(server.url())
            _ = try await owner.invoke("ws.subscribe", #"{"id": "\#(id)", "topic": "news"}"#)
            XCTAssertFalse(id.hasSuffix("-1"), "not a counter: \(id)")
            XCTAssertGreaterThanOrEqual(id.count, 32, "long enough not to be guessed: \(id)")

            // Knowing (or guessing) the id gives the other origin nothing.
            for guess in [id, "ws-1", "ws-0"] {
                for (name, payload) in [
                    ("ws.subscribe", #"{"id": "\#(guess)", "topic": "prices"}"#),
                    ("ws.unsubscribe", #"{"id": "\#(guess)", "topic": "news"}"#),
                    ("ws.send", #"{"id": "\#(guess)", "json": {"type": "echo", "n": 666}}"#),
                    ("ws.close", #"{"id": "\#(guess)"}"#),
                ] {
                    let outcome = try await intruder.invoke(name, payload)
                    XCTAssertEqual(outcome.error?.code, "invalid-payload", "\(name) \(payload): \(outcome)")
                }
            }
            // The same address from the other origin is a connection of its own.
            let own = try await intruder.connect(server.url())
            XCTAssertNotEqual(own, id)

            try await eventually("the owner still hears its topic") { try await owner.feed().filter { $0.topic == "news" }.count >= 5 }
            let ownerFrames = try await owner.feed()
            XCTAssertEqual(Set(ownerFrames.compactMap(\.topic)), ["news"], "the intruder subscribed nothing on it")
            XCTAssertFalse(ownerFrames.contains { $0.n == 666 }, "the intruder sent nothing on it")
            let heard = try await intruder.events()
            XCTAssertEqual(Set(heard.map(\.id)), [own], "the intruder hears only its own connection")
            let info = try await owner.invoke("ws.subscribe", #"{"id": "\#(id)", "topic": "news"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(info.value?.state, "open", "not closed by the intruder")
            XCTAssertEqual(info.value?.subscriptions, ["news"])
        }
    }

    func testAnotherWindowOfTheSameOriginUsesAConnectionOnlyAfterConnectingToIt() throws {
        let server = try startServer(rate: 20)
        gtkTest {
            let (_, first, second) = try await self.openTwoWindows()
            let id = try await first.connect(server.url())
            let early = try await second.invoke("ws.send", #"{"id": "\#(id)", "text": "x"}"#)
            XCTAssertEqual(early.error?.code, "invalid-payload", "not before its own ws.connect: \(early)")
            let joined = try await second.connect(server.url())
            XCTAssertEqual(joined, id, "the same origin and address: the same connection")
            let sent = try await second.invoke("ws.send", #"{"id": "\#(id)", "text": "x"}"#)
            XCTAssertEqual(sent.value, ["id": .string(id), "queued": false])
        }
    }

    func testOnePagesUnsubscribeAndCloseDoNotCutAnotherPagesUse() throws {
        let server = try startServer(rate: 20)
        gtkTest {
            let (registry, first, second) = try await self.openTwoWindows()
            let id = try await first.connect(server.url())
            let joined = try await second.connect(server.url())
            XCTAssertEqual(joined, id)
            _ = try await first.invoke("ws.subscribe", #"{"id": "\#(id)", "topic": "news"}"#)
            _ = try await first.invoke("ws.subscribe", #"{"id": "\#(id)", "topic": "prices"}"#)
            let subscribed = try await second.invoke("ws.subscribe", #"{"id": "\#(id)", "topic": "news"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(subscribed.value?.subscriptions, ["news"], "a page sees its own subscriptions")

            // The first page drops news: the second page, which holds it too, keeps hearing it.
            let dropped = try await first.invoke("ws.unsubscribe", #"{"id": "\#(id)", "topic": "news"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(dropped.value?.subscriptions, ["prices"])
            let before = try await second.feed().filter { $0.topic == "news" }.count
            try await eventually("news goes on") { try await second.feed().filter { $0.topic == "news" }.count >= before + 5 }

            // The first page closes: the connection stays up for the second one.
            let closed = try await first.invoke("ws.close", #"{"id": "\#(id)", "code": 4000, "reason": "done"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(closed.value?.state, "closed", "closed for the page that closed it")
            XCTAssertEqual(registry.connectionIDs, [id], "still up for the other page")
            let afterClose = try await first.invoke("ws.send", #"{"id": "\#(id)", "text": "x"}"#)
            XCTAssertEqual(afterClose.error?.code, "invalid-payload", "the closing page gave it up")
            let heard = try await second.feed().filter { $0.topic == "news" }.count
            try await eventually("news after the other page closed") { try await second.feed().filter { $0.topic == "news" }.count >= heard + 5 }
            _ = try await second.invoke("ws.send", #"{"id": "\#(id)", "json": {"type": "echo", "n": 5}}"#)
            try await eventually("the second page still sends") { try await second.feed().contains { $0.n == 5 } }
            let secondStates = try await second.events().filter { $0.event == "state" }.map(\.state)
            XCTAssertFalse(secondStates.contains("closed"), "\(secondStates)")

            // The last user closes it: now it is closed.
            let last = try await second.invoke("ws.close", #"{"id": "\#(id)"}"#, as: ConnectionInfo.self)
            XCTAssertEqual(last.value?.state, "closed")
            try await eventually("gone") { registry.connectionIDs.isEmpty }
        }
    }
}
