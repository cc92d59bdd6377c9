import Foundation
import GLibCore
import LoopTestHelpers
import SoupWebSocket
import XCTest

/// A GLib loop test case (no display) with a feed server of its own and clients that are closed in `tearDown`.
/// Unchecked Sendable: XCTest drives it from the main thread only, and the bodies run on the main actor.
class FeedServerTestCase: LoopTestCase, @unchecked Sendable {
    nonisolated(unsafe) private var servers: [FeedServerProcess] = []
    nonisolated(unsafe) private var clients: [WebSocketClient] = []

    /// Starts a feed server that `tearDown` stops.
    func startServer(rate: Double = 20, tls: (certificate: String, key: String)? = nil) throws -> FeedServerProcess {
        let server = try FeedServerProcess(rate: rate, tls: tls)
        servers.append(server)
        return server
    }

    /// A client with timeouts short enough for tests; `tearDown` closes it.
    @MainActor
    func makeClient(_ url: String, _ configure: (inout WebSocketConfiguration) -> Void = { _ in }) throws -> WebSocketClient {
        var configuration = WebSocketConfiguration(
            handshakeTimeout: .seconds(2), closeTimeout: .milliseconds(500),
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(50), maxDelay: .milliseconds(300), jitter: 0.1),
            keepAlive: nil)
        configure(&configuration)
        let client = try WebSocketClient(url: url, configuration: configuration)
        clients.append(client)
        return client
    }

    override func tearDown() {
        let open = clients
        clients = []
        if !open.isEmpty {
            loopTest(timeout: 5) {
                for client in open { await client.close() }
            }
        }
        servers.forEach { $0.stop() }
        servers = []
        super.tearDown()
    }
}

/// Everything a client reported, in order, for assertions.
@MainActor
final class Recorder {
    private(set) var messages: [WebSocketMessage] = []
    private(set) var frames: [FeedFrame] = []
    private(set) var states: [WebSocketState] = []
    private var observations: [Observation] = []

    init(_ client: WebSocketClient) {
        observations = [
            client.observeMessages { [unowned self] in messages.append($0) },
            client.observeDecoded(FeedFrame.self) { [unowned self] in
                if case .success(let frame) = $0 { frames.append(frame) }
            },
            client.observeState { [unowned self] in states.append($0) },
        ]
    }

    func frames(ofType type: String) -> [FeedFrame] {
        frames.filter { $0.type == type }
    }
}

/// The feed server's JSON messages, as far as the tests read them.
struct FeedFrame: Decodable, Equatable, Sendable {
    var type: String
    var topic: String?
    var seq: Int?
    var n: Int?
}
