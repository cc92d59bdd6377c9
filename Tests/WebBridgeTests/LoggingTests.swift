import Foundation
import WebBridge
import WebBridgeTesting
import XCTest

@MainActor
final class LoggingTests: XCTestCase {
    final class RecordingLogger: BridgeLogger {
        var enabled: Set<BridgeLogLevel>
        var lines: [(BridgeLogLevel, String)] = []
        init(enabled: Set<BridgeLogLevel>) { self.enabled = enabled }
        func isEnabled(_ level: BridgeLogLevel) -> Bool { enabled.contains(level) }
        func log(_ level: BridgeLogLevel, _ message: String) { lines.append((level, message)) }
    }

    func testTrafficIsLoggedAtDebugWithTiming() async {
        let view = FakeWebView()
        let logger = RecordingLogger(enabled: [.debug, .info, .warning, .error])
        let bridge = WebViewBridge(webView: view, logger: logger)
        bridge.add(Handler.rawJSON("echo") { $0 })
        _ = await view.post("echo", .json(Data("[1]".utf8)))
        _ = await view.invokeThroughRouter("nobody", json: "1")
        let debug = logger.lines.filter { $0.0 == .debug }.map(\.1)
        XCTAssertEqual(debug.first, "message echo ← page, 3 bytes")
        XCTAssertTrue(debug.contains { $0.hasPrefix("reply echo → page, 3 bytes, handled in ") }, "\(debug)")
        XCTAssertTrue(logger.lines.contains { $0.0 == .info && $0.1.contains("unknown-handler") })
    }

    func testNothingIsLoggedWhenLevelsAreOff() async {
        let view = FakeWebView()
        let logger = RecordingLogger(enabled: [])
        let bridge = WebViewBridge(webView: view, logger: logger)
        bridge.add(Handler.rawJSON("echo") { $0 })
        _ = await view.post("echo", .json(Data("[1]".utf8)))
        _ = await view.invokeThroughRouter("nobody", json: "1")
        XCTAssertTrue(logger.lines.isEmpty)
    }
}
