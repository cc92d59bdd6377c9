/// Where the bridge reports its traffic and failures. The WebKitGTK glue provides one
/// that logs through GLib; `SilentLogger` drops everything.
@MainActor
public protocol BridgeLogger {
    /// Lets the bridge skip formatting messages nobody will see (the hot path asks this).
    func isEnabled(_ level: BridgeLogLevel) -> Bool
    func log(_ level: BridgeLogLevel, _ message: String)
}

public enum BridgeLogLevel: Sendable, Comparable {
    case debug, info, warning, error
}

/// A logger that drops everything.
public struct SilentLogger: BridgeLogger {
    public init() {}
    public func isEnabled(_ level: BridgeLogLevel) -> Bool { false }
    public func log(_ level: BridgeLogLevel, _ message: String) {}
}
