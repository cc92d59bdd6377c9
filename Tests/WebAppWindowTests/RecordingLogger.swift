import WebBridge

/// Records what the bridge logs, to read the untrusted-page warnings.
@MainActor
final class RecordingLogger: BridgeLogger {
    var lines: [(BridgeLogLevel, String)] = []
    func isEnabled(_ level: BridgeLogLevel) -> Bool { level >= .info }
    func log(_ level: BridgeLogLevel, _ message: String) { lines.append((level, message)) }
    func lines(about uri: String) -> [String] { lines.filter { $0.1.hasPrefix(uri + " ") }.map(\.1) }
}
