internal import CGLib
import FoundationEssentials

/// GLib structured logging under one log domain per module, so `G_MESSAGES_DEBUG=WebBridge`
/// shows one module's debug output (and `G_MESSAGES_DEBUG=all` everything) without rebuilding.
///
/// Messages go through GLib's own writer: journald when present, stderr otherwise. Debug
/// and info text is built only when GLib would show it. This module needs GLib only, so
/// modules without GTK (the bridge) can log too.
public struct Log: Sendable {
    /// The GLib log domain, which is what `G_MESSAGES_DEBUG` selects.
    public let domain: String

    /// A logger for `domain`; use the module's name, so `G_MESSAGES_DEBUG` can select it.
    public init(domain: String) {
        self.domain = domain
    }

    /// Detail for whoever is debugging this module; hidden unless its domain is in `G_MESSAGES_DEBUG`.
    public func debug(_ message: @autoclosure () -> String) {
        write(G_LOG_LEVEL_DEBUG, message)
    }

    /// Routine events; hidden unless the domain is in `G_MESSAGES_DEBUG`.
    public func info(_ message: @autoclosure () -> String) {
        write(G_LOG_LEVEL_INFO, message)
    }

    /// Something always worth telling the user.
    public func message(_ message: @autoclosure () -> String) {
        write(G_LOG_LEVEL_MESSAGE, message)
    }

    /// Something went wrong but the program carries on.
    public func warning(_ message: @autoclosure () -> String) {
        write(G_LOG_LEVEL_WARNING, message)
    }

    /// Whether debug messages of this domain are currently shown.
    public var isDebugEnabled: Bool {
        g_log_writer_default_would_drop(G_LOG_LEVEL_DEBUG, domain) == 0
    }

    private func write(_ level: GLogLevelFlags, _ message: () -> String) {
        if g_log_writer_default_would_drop(level, domain) != 0 { return }
        let priority = switch level {
        case G_LOG_LEVEL_DEBUG: "7"
        case G_LOG_LEVEL_INFO: "6"
        case G_LOG_LEVEL_MESSAGE: "5"
        default: "4"
        }
        // g_log_structured_array adds nothing itself: journald needs PRIORITY given.
        let fields: [(String, String)] = [("GLIB_DOMAIN", domain), ("PRIORITY", priority), ("MESSAGE", message())]
        let keys = fields.map { strdup($0.0)! }
        let values = fields.map { strdup($0.1)! }
        defer { (keys + values).forEach { free($0) } }
        var logFields = (0..<fields.count).map { GLogField(key: keys[$0], value: values[$0], length: -1) }
        g_log_structured_array(level, &logFields, gsize(logFields.count))
    }
}
