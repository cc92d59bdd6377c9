import CWebKitGTK
import CWebKitGTKHelpers
import WebBridge

/// Logs bridge traffic and failures through GLib under one log domain, so
/// `G_MESSAGES_DEBUG=WebBridge` shows every message, reply and event, and nothing is
/// formatted while debug output is off.
public struct GLibBridgeLogger: BridgeLogger {
    public let domain: String

    public init(domain: String = "WebBridge") {
        self.domain = domain
    }

    public func isEnabled(_ level: BridgeLogLevel) -> Bool {
        g_log_writer_default_would_drop(Self.flags(level), domain) == 0
    }

    public func log(_ level: BridgeLogLevel, _ message: String) {
        whv_log(domain, Self.flags(level), message)
    }

    private static func flags(_ level: BridgeLogLevel) -> GLogLevelFlags {
        switch level {
        case .debug: G_LOG_LEVEL_DEBUG
        case .info: G_LOG_LEVEL_INFO
        case .warning: G_LOG_LEVEL_WARNING
        case .error: G_LOG_LEVEL_CRITICAL
        }
    }
}
