import Foundation
import LoopTestHelpers
import SoupWebSocket
import XCTest

final class ThroughputTests: FeedServerTestCase, @unchecked Sendable {
    func testTenThousandMessagesArriveCompleteAndInOrder() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url())
            var next = 0
            var outOfOrder = 0
            let observation = client.observeDecoded(FeedFrame.self) { result in
                guard case .success(let frame) = result, frame.type == "burst" else { return }
                if frame.n != next { outOfOrder += 1 }
                next += 1
            }
            try await client.connect()
            try client.send(text: #"{"type":"burst","count":10000}"#)
            try await waitUntil(timeout: 20) { next >= 10000 }
            try await Task.sleep(for: .milliseconds(100))
            XCTAssertEqual(next, 10000)
            XCTAssertEqual(outOfOrder, 0)
            observation.cancel()
        }
    }
}
