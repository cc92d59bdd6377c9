import Foundation
import GLibCore
import LoopTestHelpers
import SoupWebSocket
import XCTest

final class EchoTests: FeedServerTestCase, @unchecked Sendable {
    func testTextAndBinaryFramesComeBackUnchanged() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url("/echo")) { $0.subprotocols = ["echo.v1"] }
            let recorder = Recorder(client)
            try await client.connect()
            XCTAssertEqual(client.state, .open)
            XCTAssertEqual(client.subprotocol, "echo.v1")

            let binary = Data([0, 1, 2, 254, 255])
            try client.send(text: "héllo, wörld ✓")
            try client.send(data: binary)
            try client.send(data: Data())
            try await waitUntil { recorder.messages.count == 3 }
            XCTAssertEqual(recorder.messages, [.text("héllo, wörld ✓"), .binary(binary), .binary(Data())])
        }
    }

    func testAFrameAboveTheIncomingLimitEndsTheConnection() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url("/echo")) {
                $0.maxIncomingPayloadSize = 1000
                $0.reconnect = nil
            }
            let recorder = Recorder(client)
            try await client.connect()
            try client.send(data: Data(count: 1000))
            try await waitUntil { recorder.messages.count == 1 }
            try client.send(data: Data(count: 1001))
            try await waitUntil { if case .closed = client.state { true } else { false } }
            XCTAssertEqual(recorder.messages.count, 1, "the oversized frame is not delivered")
            guard case .closed(.failed(.connectionLost)) = client.state else { return XCTFail("\(client.state)") }
        }
    }

    func testAClosedClientIsReleasedWithItsSignalConnections() throws {
        let server = try startServer()
        loopTest {
            let closuresBefore = SignalConnection.liveClosureCount
            weak var released: WebSocketClient?
            do {
                let client = try WebSocketClient(url: server.url("/echo"))
                released = client
                try await client.connect()
                XCTAssertGreaterThan(SignalConnection.liveClosureCount, closuresBefore)
                await client.close()
            }
            try await waitUntil { released == nil && SignalConnection.liveClosureCount == closuresBefore }
        }
    }

    func testHeadersReachTheServer() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url()) { $0.headers = ["X-Feed-Token": "secret-42"] }
            var answer: WhoAmI?
            let observation = client.observeDecoded(WhoAmI.self) { answer = try? $0.get() }
            try await client.connect()
            try client.send(text: #"{"type":"whoami"}"#)
            try await waitUntil { answer != nil }
            XCTAssertEqual(answer?.headers["X-Feed-Token"], "secret-42")
            XCTAssertNil(client.subprotocol)
            observation.cancel()
        }
    }

    func testAFrameThatFailsToDecodeIsReportedAndTheStreamGoesOn() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url("/echo"))
            var results: [Result<Point, WebSocketError>] = []
            let reader = Task { @MainActor in
                for await result in client.decoded(Point.self) {
                    results.append(result)
                    if results.count == 3 { break }
                }
            }
            try await client.connect()
            for text in [#"{"x":1}"#, "not json", #"{"x":2}"#] {
                try client.send(text: text)
            }
            await reader.value
            XCTAssertEqual(try results[0].get(), Point(x: 1))
            guard case .failure(.decodingFailed(let message, _)) = results[1] else {
                return XCTFail("expected a decoding failure, got \(results[1])")
            }
            XCTAssertEqual(message, .text("not json"))
            XCTAssertEqual(try results[2].get(), Point(x: 2))
        }
    }

    func testCloseEndsInClosedWithTheRequestedCodeAndReason() throws {
        let server = try startServer()
        loopTest {
            let client = try self.makeClient(server.url("/echo"))
            let recorder = Recorder(client)
            try await client.connect()
            await client.close(try WebSocketCloseFrame(code: 4000, reason: "done"))
            XCTAssertEqual(client.state, .closed(.requested(code: 4000, reason: "done")))
            XCTAssertEqual(Array(recorder.states.suffix(2)), [.closing, .closed(.requested(code: 4000, reason: "done"))])
            XCTAssertThrowsError(try client.send(text: "late")) { XCTAssertEqual($0 as? WebSocketError, .notConnected) }
        }
    }
}

private struct WhoAmI: Decodable {
    var headers: [String: String]
}

private struct Point: Decodable, Equatable, Sendable {
    var x: Int
}
