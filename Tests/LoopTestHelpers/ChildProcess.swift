import Foundation
import Glibc

/// A program the tests run, started with `posix_spawn` and reaped with `waitpid` by this type
/// alone: no libdispatch source, no run loop, no SIGCHLD handler.
///
/// Why not Foundation's `Process`: on Linux it watches its children from libdispatch's manager
/// thread, which now and then crashes there ("Bad pointer dereference" in
/// `_dispatch_event_loop_drain`), and one such crash ends the whole test run.
///
/// A child starts as from a shell: every signal at its default action and none blocked,
/// whatever the spawning thread had; in a process group of its own, as `Process` started
/// it, so `kill(-pid, …)` reaches everything it started; with no descriptor of the test
/// process but its standard streams. Its pipes are read on threads of their own, so it
/// never blocks on a full one. Letting go of this object neither signals nor waits for the
/// child (it only closes a `.pipe` input): `stop()` it, as `AppProcess` and the servers do.
public final class ChildProcess: @unchecked Sendable {
    /// Where the child's standard input comes from.
    public enum Input: Sendable {
        /// The test process's own.
        case inherited
        /// `/dev/null`: end of file at once.
        case discarded
        /// A pipe held open until `closeInput()`, or until this object goes away.
        case pipe
    }

    /// Where the child's standard output or standard error goes.
    public enum Output: Sendable {
        /// The test process's own.
        case inherited
        /// `/dev/null`.
        case discarded
        /// Kept for `output` (standard output) or `errorOutput` (standard error).
        case captured
        /// Each chunk handed to the closure as it arrives, on a reading thread; nothing kept.
        /// The closure must not call back into this object.
        case streamed(@Sendable (Data) -> Void)
        /// Standard error only: wherever standard output goes, in the order written (`2>&1`).
        case standardOutput
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        /// Something else reaped the child first (`waitpid` said ECHILD): how it ended is lost.
        case lost

        /// One number, as Foundation's `terminationStatus`: the exit status, or the signal's
        /// number; -1 when lost.
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            case .lost: -1
            }
        }

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
            case .lost: "reaped elsewhere, status lost"
            }
        }

        /// Decodes a `waitpid` status (WIFEXITED, WEXITSTATUS and WTERMSIG are C macros).
        init(waitStatus status: Int32) {
            self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        }
    }

    public let pid: pid_t
    private let lock = NSLock()
    private var ended: Termination?
    private var inputEnd: Int32?
    private let readers: [PipeReader]
    private let capturedOutput: CapturedBytes?
    private let capturedErrors: CapturedBytes?

    /// Starts `executable` (a path; no PATH lookup: use /usr/bin/env for that) with
    /// `arguments`. `environment` replaces the test process's entirely; nil inherits it.
    /// Throws `SpawnError` when the program cannot start, such as a missing executable.
    public init(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                directory: String? = nil, input: Input = .inherited, output: Output = .inherited,
                error: Output = .inherited) throws {
        precondition(!output.isStandardOutput, "standard output cannot go to itself")
        let spawn = Spawn()
        defer { spawn.release() }
        var inputEnd: Int32?
        switch input {
        case .inherited: break
        case .discarded: try spawn.open("/dev/null", as: STDIN_FILENO, flags: O_RDONLY)
        case .pipe: inputEnd = try spawn.pipe(as: STDIN_FILENO, childReads: true)
        }
        let outputEnd = try spawn.route(output, as: STDOUT_FILENO)
        let errorEnd = try spawn.route(error, as: STDERR_FILENO)
        pid = try spawn.run(executable, arguments, environment: environment, directory: directory)
        self.inputEnd = inputEnd
        let (outputReader, capturedOutput) = Self.reader(of: outputEnd, for: output)
        let (errorReader, capturedErrors) = Self.reader(of: errorEnd, for: error)
        self.capturedOutput = capturedOutput
        self.capturedErrors = capturedErrors
        readers = [outputReader, errorReader].compactMap { $0 }
    }

    /// The reader of a pipe the child writes to, and what it keeps if it keeps anything.
    private static func reader(of end: Int32?, for stream: Output) -> (PipeReader?, CapturedBytes?) {
        guard let end else { return (nil, nil) }
        if case .streamed(let deliver) = stream { return (PipeReader(end, deliver: deliver), nil) }
        let bytes = CapturedBytes()
        return (PipeReader(end, deliver: bytes.append), bytes)
    }

    /// How the child ended, nil while it runs; reaps it once it has ended. From the first
    /// non-nil answer on, everything the child wrote to captured or streamed pipes has been
    /// delivered, even while its own children keep those pipes open.
    public var termination: Termination? {
        lock.withLock {
            if let ended { return ended }
            var status: Int32 = 0
            var reaped: pid_t
            repeat { reaped = waitpid(pid, &status, WNOHANG) } while reaped == -1 && errno == EINTR
            guard reaped != 0 else { return nil }
            ended = reaped == pid ? Termination(waitStatus: status) : .lost
            readers.forEach { $0.drain() }
            return ended
        }
    }

    public var isRunning: Bool { termination == nil }

    /// Waits for the child to end.
    @discardableResult
    public func wait() -> Termination {
        wait(until: nil)!
    }

    /// Waits up to `timeout` for the child to end; nil if it still runs.
    public func wait(timeout: Duration) -> Termination? {
        wait(until: ContinuousClock.now + timeout)
    }

    /// Polls `waitpid`, every millisecond at first, then less often, up to every 16 ms.
    private func wait(until deadline: ContinuousClock.Instant?) -> Termination? {
        var pause: UInt32 = 1_000
        while true {
            if let termination { return termination }
            if let deadline, ContinuousClock.now >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 16_000)
        }
    }

    /// Sends `signal` to the child, unless it has been reaped (its pid may be another's now).
    public func kill(_ signal: Int32) {
        lock.withLock {
            if ended == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// Sends SIGTERM.
    public func terminate() {
        kill(SIGTERM)
    }

    /// Ends the child without ever hanging the harness: SIGTERM, up to `grace` to end, then
    /// SIGKILL and up to `grace` again. Nil only if even SIGKILL did not end it in time (a
    /// process stuck in the kernel), which is then left behind.
    @discardableResult
    public func stop(grace: Duration = .seconds(5)) -> Termination? {
        if let termination { return termination }
        terminate()
        if let termination = wait(timeout: grace) { return termination }
        kill(SIGKILL)
        return wait(timeout: grace)
    }

    /// Closes the `.pipe` standard input, so the child reads end of file.
    public func closeInput() {
        lock.withLock {
            if let inputEnd { close(inputEnd) }
            inputEnd = nil
        }
    }

    /// What the child wrote so far to a `.captured` standard output (standard error
    /// included when it goes there); empty for any other kind of output.
    public var output: Data { capturedOutput?.bytes ?? Data() }

    /// What the child wrote so far to a `.captured` standard error; empty otherwise.
    public var errorOutput: Data { capturedErrors?.bytes ?? Data() }

    /// Waits up to `timeout` for the first whole line of the captured output and returns it
    /// without its newline; nil if the child ended or the time ran out first. For servers that
    /// print their port once ready.
    public func firstLine(timeout: Duration) -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let ended = !isRunning
            let bytes = output
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: bytes[..<newline], as: UTF8.self)
            }
            if ended || ContinuousClock.now >= deadline { return nil }
            usleep(5_000)
        }
    }

    deinit {
        if let inputEnd { close(inputEnd) }
    }
}

private extension ChildProcess.Output {
    var isStandardOutput: Bool {
        if case .standardOutput = self { true } else { false }
    }
}

/// The program could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    /// The `errno` value: ENOENT for a missing executable or working directory.
    public let code: Int32
    public let description: String

    init(_ what: String, code: Int32) {
        self.code = code
        description = "\(what): \(String(cString: strerror(code)))"
    }
}
