import Foundation
import XCTest

/// A program the desktop tests launch and watch: its exit and everything it printed.
public final class AppProcess: @unchecked Sendable {
    public let process = Process()
    private let lock = NSLock()
    private var output = ""
    /// What must live as long as the process, such as the session bus it is on.
    private let keptAlive: [AnyObject]

    /// `capturingErrors: false` leaves stderr to the test's own, so `printed` is stdout alone.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL? = nil,
                capturingErrors: Bool = true, keepingAlive keptAlive: [AnyObject] = []) throws {
        self.keptAlive = keptAlive
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        if capturingErrors { process.standardError = pipe }
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self, !chunk.isEmpty else { return }
            lock.withLock { output += String(decoding: chunk, as: UTF8.self) }
        }
        try process.run()
    }

    public var pid: Int32 { process.processIdentifier }

    /// What the process wrote to stdout and stderr so far.
    public var printed: String { lock.withLock { output } }

    /// The lines printed so far.
    public var lines: [String] { printed.split(separator: "\n").map(String.init) }

    /// Waits until a line satisfies `match`; returns it, or nil on timeout.
    public func waitForLine(timeout: TimeInterval = 15, _ match: (String) -> Bool) -> String? {
        poll(timeout: timeout) { lines.first(where: match) }
    }

    /// Waits for the process to end and returns its status; nil on timeout (it is then killed).
    public func waitForExit(timeout: TimeInterval = 15) -> Int32? {
        if poll(timeout: timeout, { process.isRunning ? nil : true }) == nil {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    /// Sends `signal` and returns how long the process took to end, as the kernel shows it
    /// (its `/proc` entry a zombie, or gone once reaped), looked at every millisecond; nil if
    /// it has not ended within `limit`. Unlike `waitForExit`, whose `Process.isRunning` turns
    /// false only once Foundation has reaped the child (40 ms later on an idle machine,
    /// hundreds on a loaded one) and which polls every 100 ms, this counts the process's own
    /// time, not the harness's.
    public func timeToExit(after signal: Int32, limit: Duration) -> Duration? {
        let clock = ContinuousClock()
        let start = clock.now
        kill(pid, signal)
        repeat {
            if hasEnded { return clock.now - start }
            usleep(1000)
        } while clock.now - start <= limit
        return nil
    }

    /// Whether the process has ended: a zombie not yet reaped, or no process at all.
    private var hasEnded: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let name = stat.lastIndex(of: ")") else { return true }
        // "pid (name) state …"
        let state = stat[name...].dropFirst(2).first
        return state == "Z" || state == "X"
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
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

/// Runs a command to completion; returns its status and standard output.
@discardableResult
public func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                    directory: URL? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Something a desktop test needs is missing: the test fails (it does not skip) with this.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
