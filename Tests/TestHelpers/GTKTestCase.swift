import Foundation
@_exported import LoopTestHelpers
import WebKitGTK
import XCTest

/// A test case that drives real GTK and WebKit on the main thread under Xvfb: a
/// `LoopTestCase` that also opens GTK's display, and fails when there is none.
open class GTKTestCase: LoopTestCase {
    override open func setUp() {
        super.setUp()
        let initialized = MainActor.assumeIsolated { MainLoop.initialize() }
        guard initialized else {
            XCTFail("GTK could not open a display: run the tests under xvfb-run -a")
            return
        }
    }

    /// Runs `body` on the main actor while the GTK (GLib) loop runs; fails the test on timeout.
    public func gtkTest(timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
                        _ body: @escaping @MainActor () async throws -> Void) {
        loopTest(timeout: timeout, file: file, line: line, body)
    }
}
