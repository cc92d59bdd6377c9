/// Where a `WebSocketClient` is in its life; observers see every change, in order.
public enum WebSocketState: Equatable, Sendable {
    /// Created, `connect()` not called yet.
    case idle
    /// A handshake is under way; `attempt` is 0 for the first connection and n for the n-th
    /// reconnect attempt since the last connection that stayed open (see `ReconnectPolicy.resetAfter`).
    case connecting(attempt: Int)
    /// Open: sends go straight to the connection.
    case open
    /// The connection ended or a handshake failed because of `lastError`; reconnect attempt
    /// `attempt` (1, 2, … until a connection stays open again) starts after `delay`.
    case reconnecting(attempt: Int, delay: Duration, lastError: WebSocketError)
    /// `close()` was called and the close handshake is under way.
    case closing
    /// Closed for good until `connect()` is called again.
    case closed(WebSocketCloseReason)
}

/// Why a client ended up closed.
public enum WebSocketCloseReason: Equatable, Sendable {
    /// `close(code:reason:)` was called.
    case requested(code: UInt16, reason: String)
    /// The connection failed and reconnecting is off or gave up; the last error.
    case failed(WebSocketError)
}
