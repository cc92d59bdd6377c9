import Foundation
import SoupWebSocket
import WebBridge
@testable import WebSocketBridge
import XCTest

/// What pages receive for each client state and error, without a display or a server.
final class RelayEventTests: XCTestCase {
    private func json(_ event: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(event), as: UTF8.self)
    }

    func testStatesBecomeNamesWithTheirDetails() throws {
        let lost = WebSocketError.connectionLost(code: 1006, reason: "")
        let cases: [(WebSocketState, String)] = [
            (.connecting(attempt: 0), #"{"attempt":0,"id":"ws-1","state":"connecting"}"#),
            (.open, #"{"id":"ws-1","state":"open"}"#),
            (.reconnecting(attempt: 2, delay: .milliseconds(1234), lastError: lost),
             #"{"attempt":2,"delayMs":1234,"error":"the connection was lost (code 1006)","id":"ws-1","state":"reconnecting"}"#),
            (.closing, #"{"id":"ws-1","state":"closing"}"#),
            (.closed(.requested(code: 4000, reason: "bye")), #"{"code":4000,"id":"ws-1","reason":"bye","state":"closed"}"#),
            (.closed(.failed(.peerSilent(after: .seconds(40)))),
             #"{"error":"the peer sent nothing, not even a pong, for 40.0 seconds","id":"ws-1","state":"closed"}"#),
        ]
        for (state, expected) in cases {
            XCTAssertEqual(try json(StateEvent(id: "ws-1", state: state)), expected)
        }
    }

    func testTextFramesArriveAsTextAndBinaryAsBase64() throws {
        XCTAssertEqual(try json(MessageEvent(id: "ws-2", message: .text("{\"a\":1}"))), #"{"data":"{\"a\":1}","id":"ws-2"}"#)
        XCTAssertEqual(try json(MessageEvent(id: "ws-2", message: .binary(Data([0, 1, 255])))),
                       #"{"binary":true,"data":"AAH\/","id":"ws-2"}"#)
    }

    func testOnlyMalformedInputIsThePagesMistake() {
        for error in [WebSocketError.invalidURL("http://x"), .invalidHeader(name: "", reason: "empty"),
                      .invalidSubprotocol("a b", reason: "not a token"), .invalidCloseFrame("close code 1006")] {
            XCTAssertEqual(BridgeError(error).code, .invalidPayload, "\(error)")
        }
        for error in [WebSocketError.sendQueueFull(capacity: 3), .notConnected, .closedByClient,
                      .connectionLost(code: 1011, reason: "oops"), .handshakeTimedOut(after: .seconds(2))] {
            let mapped = BridgeError(error)
            XCTAssertEqual(mapped.code, .handlerFailed)
            XCTAssertEqual(mapped.message, error.description)
        }
    }
}
