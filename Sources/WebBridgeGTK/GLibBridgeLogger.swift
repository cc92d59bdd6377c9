import GLibLog
import WebBridge

/// Logs bridge traffic and failures through GLib under one log domain, so
/// `G_MESSAGES_DEBUG=WebBridge` shows every message, reply and event, and nothing is
/// formatted while debug output is off.
public struct GLibBridgeLogger: BridgeLogger {
    /// The GLib logger the messages go through.
    public let log: Log

    /// Logs under `domain`, `WebBridge` unless an app wants its bridge's output apart.
    public init(domain: String = "WebBridge") {
        log = Log(domain: domain)
    }

    /// The GLib log domain, the name `G_MESSAGES_DEBUG` selects.
    public var domain: String { log.domain }

    public func isEnabled(_ level: BridgeLogLevel) -> Bool {
        switch level {
        case .debug, .info: log.isDebugEnabled
        case .warning, .error: true
        }
    }

    /// Writes the message at the GLib level that matches `level`.
    public func log(_ level: BridgeLogLevel, _ message: String) {
        switch level {
        case .debug: log.debug(message)
        case .info: log.info(message)
        case .warning, .error: log.warning(message)
        }
    }
}
