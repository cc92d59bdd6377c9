import Foundation
import TestHelpers
import WebKitGTK
import XCTest

final class MainLoopTests: GTKTestCase {
    /// Inside `MainLoop.run()` (gtk_main), Swift's main queue must still be drained.
    func testTasksAwaitsAndMainQueueRunWhileGTKLoopRuns() {
        MainActor.assumeIsolated {
            let steps = Steps()
            let safety = MainLoop.after(.milliseconds(5_000)) {
                steps.list.append("timed out")
                MainLoop.quit()
            }
            Task { @MainActor in
                steps.list.append("task")
                try? await Task.sleep(nanoseconds: 10_000_000)
                steps.list.append("after await")
                DispatchQueue.global().async {
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            steps.list.append("main queue")
                            MainLoop.quit()
                        }
                    }
                }
            }
            MainLoop.run()
            safety.cancel()
            XCTAssertEqual(steps.list, ["task", "after await", "main queue"])
        }
    }
}

/// What ran, in order; main-actor isolated so any queue can hand it back to the main actor.
@MainActor
private final class Steps {
    var list: [String] = []
}
