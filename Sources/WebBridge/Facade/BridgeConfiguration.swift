/// Limits and names a bridge is created with.
public struct BridgeConfiguration: Sendable {
    /// Bodies larger than this are rejected with `payload-too-large` before decoding.
    public var maxPayloadBytes: Int
    /// How long a handler without its own timeout may take before the page gets `timeout`.
    public var defaultTimeout: Duration
    /// The handler `bridge.invoke` falls back to for names without their own handler.
    public var routerName: String

    public init(maxPayloadBytes: Int = 64 << 20, defaultTimeout: Duration = .seconds(30),
                routerName: String = "__bridge") {
        self.maxPayloadBytes = maxPayloadBytes
        self.defaultTimeout = defaultTimeout
        self.routerName = routerName
    }
}
