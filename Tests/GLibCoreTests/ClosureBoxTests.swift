import CGLib
import Foundation
import GLibCore
import LoopTestHelpers
import XCTest

/// Closures handed to C through `ClosureBox` live exactly as long as C needs them: a one-shot
/// GIO callback's box goes with its single call, a source's with the source, and the
/// live-closure count comes back to where it started. No display needed.
final class ClosureBoxTests: LoopTestCase {
    /// `g_file_query_info_async` on `path`, through `asyncCall`; `whileStarted` runs while the
    /// call is in flight (its box handed to GIO).
    @MainActor private static func querySize(of path: String, whileStarted: () -> Void) async throws(GLibError) -> Int {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return try await asyncCall(start: { callback, userData in
            g_file_query_info_async(file, "standard::size", G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, nil,
                                    callback, userData)
            whileStarted()
        }, finish: { result throws(GLibError) in
            let info = try throwingGError { g_file_query_info_finish(file, result, $0) }!
            defer { g_object_unref(UnsafeMutableRawPointer(info)) }
            return g_file_info_get_size(info)
        })
    }

    func testAOneShotAsyncCallbackIsReleasedAfterItsSingleCall() {
        loopTest {
            let path = NSTemporaryDirectory() + "closure-box-\(UUID().uuidString)"
            try Data(repeating: 7, count: 1234).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let baseline = SignalConnection.liveClosureCount
            var inFlight: Int?
            let size = try await ClosureBoxTests.querySize(of: path) { inFlight = SignalConnection.liveClosureCount }
            XCTAssertEqual(size, 1234)
            XCTAssertEqual(inFlight, baseline + 1, "the callback's box is held while GIO works")
            try await waitUntil("the callback's box released") { SignalConnection.liveClosureCount == baseline }
        }
    }

    func testAFailingAsyncCallReleasesItsCallbackToo() {
        loopTest {
            let baseline = SignalConnection.liveClosureCount
            do {
                _ = try await ClosureBoxTests.querySize(of: "/nonexistent/closure-box-\(UUID().uuidString)") {}
                XCTFail("a missing file has no size")
            } catch let error as GLibError {
                XCTAssertFalse(error.description.isEmpty)
            }
            try await waitUntil("the callback's box released") { SignalConnection.liveClosureCount == baseline }
        }
    }

    func testATimeoutRunsOnceAndItsSourceReleasesTheClosure() {
        loopTest {
            let baseline = SignalConnection.liveClosureCount
            var fired = 0
            MainLoop.after(.milliseconds(1)) { fired += 1 }
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline + 1)
            try await waitUntil("timeout fired") { fired > 0 }
            try await Task.sleep(for: .milliseconds(30))
            XCTAssertEqual(fired, 1)
            try await waitUntil("the source's box released") { SignalConnection.liveClosureCount == baseline }
        }
    }

    func testACancelledTimeoutNeverRunsAndReleasesTheClosureAtOnce() {
        loopTest {
            let baseline = SignalConnection.liveClosureCount
            var fired = false
            let timeout = MainLoop.after(.milliseconds(5)) { fired = true }
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline + 1)
            timeout.cancel()
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
            try await Task.sleep(for: .milliseconds(30))
            XCTAssertFalse(fired)
        }
    }

    func testAnIdleSourceWithADestroyNotifyReleasesItsBoxWhenRemoved() {
        loopTest {
            typealias H = @MainActor () -> Void
            let baseline = SignalConnection.liveClosureCount
            var runs = 0
            let id = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
                MainActor.assumeIsolated { ClosureBox<H>.from(data)() }
                return 1 // G_SOURCE_CONTINUE: it runs until removed
            }, ClosureBox.retainedPointer(for: { runs += 1 } as H), ClosureBox<H>.destroyNotify)
            try await waitUntil("the idle source ran twice") { runs >= 2 }
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline + 1)
            g_source_remove(id)
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
            let runsAtRemoval = runs
            try await Task.sleep(for: .milliseconds(30))
            XCTAssertEqual(runs, runsAtRemoval)
        }
    }

    func testTakeHandsTheValueOverAndReleasesTheBox() {
        loopTest {
            let baseline = SignalConnection.liveClosureCount
            let data = ClosureBox.retainedPointer(for: "payload")
            XCTAssertEqual(ClosureBox<String>.from(data), "payload")
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline + 1)
            XCTAssertEqual(ClosureBox<String>.take(data), "payload")
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
        }
    }
}
