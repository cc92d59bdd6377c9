import Foundation
import GLibCore
import Glibc
import LoopTestHelpers
import XCTest

/// SIGTERM and SIGINT arrive as main-loop events, once, whichever comes first.
final class TerminationSignalsTests: LoopTestCase {
    func testSIGTERMRunsTheActionOnTheLoop() {
        loopTest {
            var received: [Int32] = []
            let signals = TerminationSignals { received.append($0) }
            kill(getpid(), SIGTERM)
            try await waitUntil("SIGTERM delivered on the loop") { !received.isEmpty }
            XCTAssertEqual(received, [SIGTERM])
            XCTAssertTrue(Thread.isMainThread)
            signals.cancel()
        }
    }

    func testSIGINTToo() {
        loopTest {
            var received: [Int32] = []
            let signals = TerminationSignals { received.append($0) }
            kill(getpid(), SIGINT)
            try await waitUntil("SIGINT delivered on the loop") { !received.isEmpty }
            XCTAssertEqual(received, [SIGINT])
            signals.cancel()
        }
    }
}
