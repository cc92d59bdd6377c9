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

    func testHeadersAndSubprotocolsLibsoupCannotTakeFailImmediately() throws {
        try MainActor.assumeIsolated {
            let url = "ws://127.0.0.1:9/feed"
            for headers in [["X-A\r\nB": "1"], ["X-A": "1\r\nB: 2"], ["": "x"], ["A B": "x"], ["Upgrade": "x"], ["X-A": "\u{7F}"]] {
                XCTAssertThrowsError(try WebSocketClient(url: url, configuration: WebSocketConfiguration(headers: headers)), "\(headers)") {
                    guard case .invalidHeader = $0 as? WebSocketError else { return XCTFail("\($0)") }
                }
            }
            for protocols in [[""], ["a,b"], ["a", "a"]] {
                XCTAssertThrowsError(try WebSocketClient(url: url, configuration: WebSocketConfiguration(subprotocols: protocols))) {
                    guard case .invalidSubprotocol = $0 as? WebSocketError else { return XCTFail("\($0)") }
                }
            }
            XCTAssertNoThrow(try WebSocketClient(url: url, configuration: WebSocketConfiguration(
                headers: ["Authorization": "Bearer a.b\tc", "X-Trace_1": "é"], subprotocols: ["feed.v1", "echo.v1"])))
        }
    }

    func testOnlyCloseFramesAClientMaySendAreMade() {
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1011, 1012, 1015, 2999, 5000, 65535] {
            XCTAssertThrowsError(try WebSocketCloseFrame(code: code), "\(code)")
        }
        for code: UInt16 in [1000, 1001, 1003, 1007, 1010, 3000, 4999] {
            XCTAssertEqual(try WebSocketCloseFrame(code: code).code, code)
        }
        XCTAssertNoThrow(try WebSocketCloseFrame(reason: String(repeating: "é", count: 61) + "x"))  // 123 bytes
        XCTAssertThrowsError(try WebSocketCloseFrame(reason: String(repeating: "é", count: 62)))     // 124 bytes
        XCTAssertThrowsError(try WebSocketCloseFrame(reason: "a\u{0}b"))
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
