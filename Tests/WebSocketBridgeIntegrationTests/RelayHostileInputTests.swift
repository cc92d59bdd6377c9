import Foundation
import ScriptMessaging
import TestHelpers
import XCTest

/// Input libsoup must never see: handshake headers and subprotocols that would break the
/// request, and close codes and reasons a client may not send. Each is `invalid-payload`
/// and leaves the connection as it was. (The app's stderr is checked for libsoup's
/// complaints in WebViewHostEndToEndTests' `WebSocketHostileInputTests`.)
final class RelayHostileInputTests: RelayTestCase, @unchecked Sendable {
    func testHostileHandshakeFieldsAreRefusedBeforeAnyConnection() throws {
        let server = try startServer()
        gtkTest {
            let registry = self.makeRegistry()
            let page = try await self.openPage(registry)
            let url = server.url()
            let cases: [(String, String)] = [
                (#"{"url": "\#(url)", "headers": {"X-A\r\nInjected": "1"}}"#, "header name"),
                (#"{"url": "\#(url)", "headers": {"X-A": "1\r\nInjected: 2"}}"#, "line breaks"),
                (#"{"url": "\#(url)", "headers": {"X-A": "1\nInjected: 2"}}"#, "line breaks"),
                (#"{"url": "\#(url)", "headers": {"X-A": "a\u0000b"}}"#, "control characters"),
                (#"{"url": "\#(url)", "headers": {"": "x"}}"#, "non-empty HTTP token"),
                (#"{"url": "\#(url)", "headers": {"Bad Name": "x"}}"#, "HTTP token"),
                (#"{"url": "\#(url)", "headers": {"X-A:": "x"}}"#, "HTTP token"),
                (#"{"url": "\#(url)", "headers": {"Host": "evil.example"}}"#, "sets this header itself"),
                (#"{"url": "\#(url)", "headers": {"sec-websocket-key": "x"}}"#, "sets this header itself"),
                (#"{"url": "\#(url)", "protocols": ["a b"]}"#, "invalid subprotocol"),
                (#"{"url": "\#(url)", "protocols": [""]}"#, "invalid subprotocol"),
                (#"{"url": "\#(url)", "protocols": ["feed.v1\r\nX-Injected: 1"]}"#, "invalid subprotocol"),
                (#"{"url": "\#(url)", "protocols": ["feed.v1", "feed.v1"]}"#, "offered twice"),
            ]
            for (payload, message) in cases {
                let outcome = try await page.invoke("ws.connect", payload)
                XCTAssertEqual(outcome.error?.code, "invalid-payload", "\(payload): \(outcome)")
                XCTAssertTrue(outcome.error?.message.contains(message) == true, "\(payload): \(String(describing: outcome.error))")
            }
            XCTAssertEqual(registry.connectionIDs, [], "nothing was connected")
            let events = try await page.events()
            XCTAssertEqual(events, [], "no connection was even started")
        }
    }

    func testCloseCodesAndReasonsAClientMayNotSendAreRefusedAndTheConnectionStaysOpen() throws {
        let server = try startServer()
        gtkTest {
            let page = try await self.openPage(self.makeRegistry())
            let id = try await page.connect(server.url())
            let longASCII = String(repeating: "x", count: 124)
            let longUTF8 = String(repeating: "é", count: 62)  // 124 bytes
            let cases: [(String, String)] = [
                (#""code": 1005"#, "close code 1005"), (#""code": 1006"#, "close code 1006"),
                (#""code": 999"#, "close code 999"), (#""code": 5000"#, "close code 5000"),
                (#""code": 1015"#, "close code 1015"), (#""code": 1011"#, "close code 1011"),
                (#""code": 0"#, "close code 0"), (#""code": 2999"#, "close code 2999"),
                (#""reason": "\#(longASCII)""#, "124 bytes"), (#""reason": "\#(longUTF8)""#, "124 bytes"),
                (#""reason": "a\u0000b""#, "NUL"),
            ]
            for (fields, message) in cases {
                let payload = #"{"id": "\#(id)", \#(fields)}"#
                let outcome = try await page.invoke("ws.close", payload)
                XCTAssertEqual(outcome.error?.code, "invalid-payload", "\(payload): \(outcome)")
                XCTAssertTrue(outcome.error?.message.contains(message) == true, "\(payload): \(String(describing: outcome.error))")
                let sent = try await page.invoke("ws.send", #"{"id": "\#(id)", "text": "{\"type\":\"echo\"}"}"#)
                XCTAssertEqual(sent.value, ["id": .string(id), "queued": false], "still open after \(payload)")
            }
            let closed = try await page.invoke("ws.close", #"{"id": "\#(id)", "code": 4999, "reason": "\#(String(repeating: "é", count: 61))"}"#,
                                               as: ConnectionInfo.self)
            XCTAssertEqual(closed.value?.state, "closed", "the largest allowed code and reason close: \(closed)")
        }
    }
}
