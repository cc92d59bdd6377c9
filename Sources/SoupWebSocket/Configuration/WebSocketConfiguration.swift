/// Everything about a connection that is fixed when the client is created.
public struct WebSocketConfiguration: Sendable {
    /// Extra request headers for the handshake (authorisation, cookies…).
    public var headers: [String: String]
    /// Subprotocols offered in `Sec-WebSocket-Protocol`, in order of preference.
    public var subprotocols: [String]
    /// How long a handshake may take before it fails with `handshakeTimedOut`.
    public var handshakeTimeout: Duration
    /// How long `close()` waits for the peer's close frame before dropping the connection.
    public var closeTimeout: Duration
    /// Reconnecting after failures; nil turns it off (the first failure closes the client).
    public var reconnect: ReconnectPolicy?
    /// Pings and dead-peer detection; nil turns them off.
    public var keepAlive: KeepAlive?
    /// How many messages may wait for a connection; one more throws `sendQueueFull`.
    public var sendQueueCapacity: Int
    /// Largest incoming frame accepted, in bytes; 0 means no limit.
    public var maxIncomingPayloadSize: UInt64
    /// Builds subscribe and unsubscribe messages.
    public var subscriptionEncoder: SubscriptionEncoder
    /// A PEM file of certificate authorities to trust for `wss://` instead of the system's,
    /// for private or test servers; nil uses the system's trust store.
    public var trustedCertificatesFile: String?

    /// Every setting has a default that suits a public feed; change only what the server needs.
    public init(headers: [String: String] = [:], subprotocols: [String] = [],
                handshakeTimeout: Duration = .seconds(10), closeTimeout: Duration = .seconds(2),
                reconnect: ReconnectPolicy? = ReconnectPolicy(), keepAlive: KeepAlive? = KeepAlive(),
                sendQueueCapacity: Int = 1000, maxIncomingPayloadSize: UInt64 = 16 << 20,
                subscriptionEncoder: SubscriptionEncoder = .json, trustedCertificatesFile: String? = nil) {
        self.headers = headers
        self.subprotocols = subprotocols
        self.handshakeTimeout = handshakeTimeout
        self.closeTimeout = closeTimeout
        self.reconnect = reconnect
        self.keepAlive = keepAlive
        self.sendQueueCapacity = sendQueueCapacity
        self.maxIncomingPayloadSize = maxIncomingPayloadSize
        self.subscriptionEncoder = subscriptionEncoder
        self.trustedCertificatesFile = trustedCertificatesFile
    }
}
