/// Where the bridge reports its traffic and failures. The WebKitGTK glue provides one
/// that logs through GLib; `SilentLogger` drops everything.
@MainActor
public protocol BridgeLogger {
    /// Lets the bridge skip formatting messages nobody will see (the hot path asks this).
    func isEnabled(_ level: BridgeLogLevel) -> Bool
    /// Writes one message; called only for levels `isEnabled(_:)` allows.
    func log(_ level: BridgeLogLevel, _ message: String)
}

/// How much a bridge message matters, from traffic detail to failures.
public enum BridgeLogLevel: Sendable, Comparable {
    /// From message traffic (`debug`) through page loads and rejected calls (`info`) and
    /// refused callers (`warning`) to failures (`error`).
    case debug, info, warning, error
}

/// A logger that drops everything.
public struct SilentLogger: BridgeLogger {
    /// A logger for tests and apps that want no bridge output.
    public init() {}
    public func isEnabled(_ level: BridgeLogLevel) -> Bool { false }
    /// Drops the message.
    public func log(_ level: BridgeLogLevel, _ message: String) {}
}
