import GLibLog
import WebBridge

/// Logs bridge traffic and failures through GLib under one log domain, so
/// `G_MESSAGES_DEBUG=WebBridge` shows every message, reply and event, and nothing is
/// formatted while debug output is off.
public struct GLibBridgeLogger: BridgeLogger {
    public let log: Log

    public init(domain: String = "WebBridge") {
        log = Log(domain: domain)
    }

    public var domain: String { log.domain }

    public func isEnabled(_ level: BridgeLogLevel) -> Bool {
        switch level {
        case .debug, .info: log.isDebugEnabled
        case .warning, .error: true
        }
    }

    public func log(_ level: BridgeLogLevel, _ message: String) {
        switch level {
        case .debug: log.debug(message)
        case .info: log.info(message)
        case .warning, .error: log.warning(message)
        }
    }
}
