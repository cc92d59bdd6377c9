import Foundation
import XCTest

/// A program the desktop tests launch and watch: its exit and everything it printed.
public final class AppProcess: @unchecked Sendable {
    /// The running program.
    public let process: ChildProcess
    /// What must live as long as the process, such as the session bus it is on.
    private let keptAlive: [AnyObject]

    /// `capturingErrors: false` leaves stderr to the test's own, so `printed` is stdout alone.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL? = nil,
                capturingErrors: Bool = true, keepingAlive keptAlive: [AnyObject] = []) throws {
        self.keptAlive = keptAlive
        process = try ChildProcess(executable.path, arguments, environment: environment, directory: directory?.path,
                                   output: .captured, error: capturingErrors ? .standardOutput : .inherited)
    }

    public var pid: Int32 { process.pid }

    /// What the process wrote to stdout and stderr so far.
    public var printed: String { String(decoding: process.output, as: UTF8.self) }

    /// The lines printed so far.
    public var lines: [String] { printed.split(separator: "\n").map(String.init) }

    /// Waits until a line satisfies `match`; returns it, or nil on timeout.
    public func waitForLine(timeout: TimeInterval = 15, _ match: (String) -> Bool) -> String? {
        poll(timeout: timeout) { lines.first(where: match) }
    }

    /// Waits for the process to end and returns its status (the exit status, or the number of
    /// the signal that ended it); nil on timeout (it is then stopped). Everything it printed
    /// is in `printed` by then.
    public func waitForExit(timeout: TimeInterval = 15) -> Int32? {
        guard let termination = process.wait(timeout: .seconds(timeout)) else {
            process.stop()
            return nil
        }
        return termination.status
    }

    /// Sends `signal` and returns how long the process took to end, as the kernel shows it:
    /// `waitpid` finds it a zombie, asked every millisecond (only this object reaps it, so
    /// nothing reaps it unseen); nil if it has not ended within `limit`. This counts the
    /// process's own time, not the harness's.
    public func timeToExit(after signal: Int32, limit: Duration) -> Duration? {
        let clock = ContinuousClock()
        let start = clock.now
        process.kill(signal)
        repeat {
            if !process.isRunning { return clock.now - start }
            usleep(1000)
        } while clock.now - start <= limit
        return nil
    }

    deinit {
        process.stop()
    }
}

/// Polls until `body` returns a value or `timeout` passes.
public func poll<T>(timeout: TimeInterval, _ body: () throws -> T?) rethrows -> T? {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
        if let value = try body() { return value }
        Thread.sleep(forTimeInterval: 0.1)
    } while Date() < deadline
    return nil
}

/// Runs a command to completion; returns its status and everything it printed (stdout and stderr).
@discardableResult
public func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                    directory: URL? = nil) throws -> (status: Int32, output: String) {
    let process = try ChildProcess(path, arguments, environment: environment, directory: directory?.path,
                                   output: .captured, error: .standardOutput)
    let status = process.wait().status
    return (status, String(decoding: process.output, as: UTF8.self))
}

/// Something a desktop test needs is missing: the test fails (it does not skip) with this.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
