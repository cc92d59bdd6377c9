import Foundation
import GLibCore
import XCTest

/// A test case that runs its bodies on the real GLib loop, with no display needed.
///
/// XCTest runs each test method on the main thread but never spins the GLib loop, so
/// every test body goes through `loopTest`, which runs it as a main-actor task while
/// pumping the GLib main context (which, through `MainLoop`, also drains Swift's main
/// queue). A test that does not finish within its timeout fails instead of hanging.
open class LoopTestCase: XCTestCase {
    override open func setUp() {
        super.setUp()
        MainActor.assumeIsolated { MainLoop.joinMainQueue() }
    }

    /// Runs `body` on the main actor while the GLib loop runs; fails the test on timeout.
    public func loopTest(timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
                         _ body: @escaping @MainActor () async throws -> Void) {
        MainActor.assumeIsolated {
            var outcome: Result<Void, Error>?
            let task = Task { @MainActor in
                do { try await body(); outcome = .success(()) } catch { outcome = .failure(error) }
            }
            let finished = pump(timeout: timeout) { outcome != nil }
            if !finished {
                task.cancel()
                XCTFail("test did not finish within \(timeout) s", file: file, line: line)
            } else if case .failure(let error) = outcome {
                XCTFail("test threw \(error)", file: file, line: line)
            }
            drainPendingEvents()
        }
    }
}

/// Pumps the GLib loop until `condition` holds or `timeout` passes; returns whether it held.
@MainActor
public func pump(timeout: TimeInterval, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        // A periodic wake-up keeps the deadline checked even when nothing else happens.
        let tick = MainLoop.after(.milliseconds(50)) {}
        MainLoop.iterate(blocking: true)
        tick.cancel()
    }
    return true
}

/// Runs what the loop has ready now (destroyed windows, released objects); bounded,
/// since a busy web view may always have something ready.
@MainActor
public func drainPendingEvents() {
    for _ in 0..<200 where MainLoop.iterate(blocking: false) == false {
        return
    }
}

/// Suspends the calling main-actor task until `condition` holds, letting the loop run.
@MainActor
public func waitUntil(timeout: TimeInterval = 10, _ description: String = "condition",
                      _ condition: @escaping @MainActor () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { throw TestTimeout(description: description) }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}

/// A wait in a test that ran out of time.
public struct TestTimeout: Error, CustomStringConvertible {
    public let description: String

    /// A wait for `description` that ran out; a caller may add what it saw meanwhile.
    public init(description: String) {
        self.description = description
    }
}
