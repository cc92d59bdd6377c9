import Foundation
import WebBridge
import WebBridgeGTK
import XCTest

/// The GLib logger follows G_MESSAGES_DEBUG, so traffic costs nothing unless asked for.
final class GLibBridgeLoggerTests: XCTestCase {
    func testDebugOutputFollowsGMessagesDebug() {
        MainActor.assumeIsolated {
            let saved = ProcessInfo.processInfo.environment["G_MESSAGES_DEBUG"]
            defer { if let saved { setenv("G_MESSAGES_DEBUG", saved, 1) } else { unsetenv("G_MESSAGES_DEBUG") } }
            let logger = GLibBridgeLogger()
            setenv("G_MESSAGES_DEBUG", "Other", 1)
            XCTAssertFalse(logger.isEnabled(.debug))
            XCTAssertTrue(logger.isEnabled(.warning))
            setenv("G_MESSAGES_DEBUG", "Other WebBridge", 1)
            XCTAssertTrue(logger.isEnabled(.debug))
            XCTAssertTrue(logger.isEnabled(.info))
        }
    }
}
