import Foundation
import GLibCore
import Glibc
import LoopTestHelpers
import XCTest

/// SIGTERM and SIGINT arrive as main-loop events, once, whichever comes first.
final class TerminationSignalsTests: LoopTestCase {
    func testSIGTERMAndSIGINTRunTheActionOnTheLoop() {
        loopTest {
            for signal in [SIGTERM, SIGINT] {
                var received: [Int32] = []
                let signals = TerminationSignals { received.append($0) }
                kill(getpid(), signal)
                try await waitUntil("signal \(signal) delivered on the loop") { !received.isEmpty }
                XCTAssertEqual(received, [signal])
                XCTAssertTrue(Thread.isMainThread)
                signals.cancel()
            }
        }
    }
}
