import GLibCore

/// Everything that can go wrong with a `WebSocketClient`, as values a caller can switch on.
public enum WebSocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address is not a `ws://` or `wss://` URL with a host; reported at once, nothing is tried.
    case invalidURL(String)
    /// A handshake header cannot be sent: its name is not a token, it is one the handshake
    /// sets itself, or its value holds a line break or another control character.
    case invalidHeader(name: String, reason: String)
    /// An offered subprotocol is not an HTTP token or is offered twice.
    case invalidSubprotocol(String, reason: String)
    /// A close code or reason that may not be sent (see `WebSocketCloseFrame`).
    case invalidCloseFrame(String)
    /// The server accepted the connection but did not finish the handshake in time.
    case handshakeTimedOut(after: Duration)
    /// The trusted certificates file could not be read.
    case invalidTrustedCertificates(GLibError)
    /// The handshake failed: refused, an HTTP error status, TLS, DNS… as libsoup reported it.
    case handshakeFailed(GLibError)
    /// An open connection ended without the client asking: the peer closed it or the network dropped.
    case connectionLost(code: UInt16, reason: String)
    /// Neither a frame nor a pong arrived within the keep-alive timeout; the connection was dropped.
    case peerSilent(after: Duration)
    /// The queue for messages sent while disconnected is full; the message was not taken.
    case sendQueueFull(capacity: Int)
    /// The client is closing or closed: it takes no messages until `connect()` is called again.
    case notConnected
    /// `close()` was called while `connect()` was waiting.
    case closedByClient
    /// The task waiting in `connect()` was cancelled; the client itself carries on.
    case cancelled
    /// A received frame could not be decoded as the requested model; the stream goes on.
    case decodingFailed(message: WebSocketMessage, reason: String)
    /// A subscription message could not be built by the configured encoder.
    case encodingFailed(reason: String)

    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid WebSocket URL \"\(url)\" (expected ws:// or wss:// with a host)"
        case .invalidHeader(let name, let reason): "invalid handshake header \"\(name)\": \(reason)"
        case .invalidSubprotocol(let name, let reason): "invalid subprotocol \"\(name)\": \(reason)"
        case .invalidCloseFrame(let reason): "invalid close frame: \(reason)"
        case .invalidTrustedCertificates(let error): "the trusted certificates could not be loaded: \(error)"
        case .handshakeTimedOut(let after): "the WebSocket handshake did not complete within \(after)"
        case .handshakeFailed(let error): "the WebSocket handshake failed: \(error)"
        case .connectionLost(let code, let reason): "the connection was lost (code \(code)\(reason.isEmpty ? "" : ", \(reason)"))"
        case .peerSilent(let after): "the peer sent nothing, not even a pong, for \(after)"
        case .sendQueueFull(let capacity): "the send queue is full (\(capacity) messages waiting for a connection)"
        case .notConnected: "the client is closed; call connect() first"
        case .closedByClient: "the client was closed"
        case .cancelled: "the wait for the connection was cancelled"
        case .decodingFailed(_, let reason): "a received message could not be decoded: \(reason)"
        case .encodingFailed(let reason): "a subscription message could not be encoded: \(reason)"
        }
    }
}
