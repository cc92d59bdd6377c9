import Foundation
import GLibCore
import XCTest

/// A command run on a thread of its own: the caller goes on at once, `finish()` gives how it
/// ended (once, the same when asked again), within the deadline, and a command that cannot
/// start is an error at `finish()`, not a crash or a hang.
final class BoundedCommandTests: XCTestCase {
    func testABackgroundRunEndsBesideTheCallerAndIsReadOnce() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        // The command waits for a file only the caller writes after starting it: were the run
        // not beside the caller, it would wait out its deadline.
        let run = BoundedCommand(["sh", "-c", "while [ ! -e '\(marker.path)' ]; do sleep 0.01; done; echo out; echo err >&2; exit 3"],
                                 timeout: 10).runInBackground()
        FileManager.default.createFile(atPath: marker.path, contents: Data())
        let outcome = try run.finish()
        XCTAssertEqual(outcome.exitStatus, 3)
        XCTAssertFalse(outcome.timedOut)
        XCTAssertEqual(outcome.standardOutput, "out\n")
        XCTAssertEqual(outcome.standardError, "err\n")
        XCTAssertEqual(try run.finish(), outcome, "read once")
    }

    func testABackgroundRunIsKilledAtItsDeadline() throws {
        let outcome = try BoundedCommand(["sleep", "60"], timeout: 0.2).runInBackground().finish()
        XCTAssertTrue(outcome.timedOut)
        XCTAssertNil(outcome.exitStatus)
    }

    func testACommandThatCannotStartThrowsAtFinish() {
        let run = BoundedCommand(["/nonexistent/program"], timeout: 1).runInBackground()
        XCTAssertThrowsError(try run.finish()) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/program"), "\(error)")
        }
    }
}
