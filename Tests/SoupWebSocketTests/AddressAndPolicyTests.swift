import LoopTestHelpers
import SoupWebSocket
import XCTest

final class AddressAndPolicyTests: XCTestCase {
    func testAnInvalidURLFailsImmediately() throws {
        try MainActor.assumeIsolated {
            for url in ["", "not a url", "http://127.0.0.1/feed", "ws://", "ws:///path", "wss//127.0.0.1"] {
                XCTAssertThrowsError(try WebSocketClient(url: url), url) {
                    XCTAssertEqual($0 as? WebSocketError, .invalidURL(url))
                }
            }
            XCTAssertNoThrow(try WebSocketClient(url: "wss://example.invalid:8443/feed?x=1"))
        }
    }

    func testBackoffGrowsUpToTheCapWithBoundedJitter() {
        let policy = ReconnectPolicy(initialDelay: .milliseconds(100), maxDelay: .seconds(1), multiplier: 2, jitter: 0.5)
        XCTAssertEqual(policy.delay(beforeAttempt: 1, random: 0.5), .milliseconds(100))
        XCTAssertEqual(policy.delay(beforeAttempt: 3, random: 0.5), .milliseconds(400))
        XCTAssertEqual(policy.delay(beforeAttempt: 10, random: 0.5), .seconds(1))
        XCTAssertEqual(policy.delay(beforeAttempt: 1, random: 0), .milliseconds(50))
        XCTAssertEqual(policy.delay(beforeAttempt: 1, random: 0.999_999), .milliseconds(150))
    }

    func testMaxAttemptsBoundsRetries() {
        XCTAssertTrue(ReconnectPolicy(maxAttempts: 2).allows(attempt: 2))
        XCTAssertFalse(ReconnectPolicy(maxAttempts: 2).allows(attempt: 3))
        XCTAssertTrue(ReconnectPolicy().allows(attempt: 1_000))
    }
}
