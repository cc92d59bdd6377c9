import Foundation
import LoopTestHelpers
import SoupWebSocket
import XCTest

final class SubscriptionTests: FeedServerTestCase, @unchecked Sendable {
    func testTopicMessagesArriveOnlyAfterSubscribeAndStopAfterUnsubscribe() throws {
        let server = try startServer(rate: 50)
        loopTest {
            let client = try self.makeClient(server.url())
            let recorder = Recorder(client)
            try await client.connect()
            try await Task.sleep(for: .milliseconds(300))
            XCTAssertEqual(recorder.frames(ofType: "feed"), [], "nothing streams before a subscription")

            try client.subscribe("prices")
            try await waitUntil { recorder.frames(ofType: "feed").count >= 5 }
            let prices = recorder.frames(ofType: "feed")
            XCTAssertEqual(Set(prices.map(\.topic)), ["prices"])
            XCTAssertEqual(prices.compactMap(\.seq), Array(0..<prices.count), "in order, none missing")

            try client.unsubscribe("prices")
            XCTAssertEqual(client.subscriptions, [])
            try await Task.sleep(for: .milliseconds(200))  // frames already in flight may still land
            let settled = recorder.frames(ofType: "feed").count
            try await Task.sleep(for: .milliseconds(400))
            XCTAssertEqual(recorder.frames(ofType: "feed").count, settled, "no more frames after unsubscribe")
        }
    }

    func testClientsSideBySideKeepTheirOwnSubscriptions() throws {
        let server = try startServer(rate: 50)
        loopTest {
            let prices = try self.makeClient(server.url())
            let news = try self.makeClient(server.url())
            let pricesRecorder = Recorder(prices)
            let newsRecorder = Recorder(news)
            try prices.subscribe("prices")  // before connecting: sent when the connection opens
            try news.subscribe("news")
            try await prices.connect()
            try await news.connect()
            try await waitUntil {
                pricesRecorder.frames(ofType: "feed").count >= 3 && newsRecorder.frames(ofType: "feed").count >= 3
            }
            XCTAssertEqual(Set(pricesRecorder.frames(ofType: "feed").map(\.topic)), ["prices"])
            XCTAssertEqual(Set(newsRecorder.frames(ofType: "feed").map(\.topic)), ["news"])
        }
    }
}
