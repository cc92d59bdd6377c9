import CGLib

/// A program run to its end or to a deadline, whichever comes first, with its output read:
/// for the checks an app makes of the machine it runs on (is `bwrap` usable, which GStreamer
/// elements exist), which must never hang start-up.
///
/// It runs on a private GLib main context iterated here, so it blocks only its caller (for
/// at most `timeout`), runs no other source of the app's loop meanwhile, and reaps the child
/// through GLib's `GSubprocess` as WebKit's own children are. A child still running at the
/// deadline is killed.
public struct BoundedCommand: Sendable {
    /// How a run ended.
    public struct Outcome: Sendable, Equatable {
        /// The exit status; nil when the child was killed by a signal or at the deadline.
        public let exitStatus: Int32?
        /// Whether the deadline passed and the child was killed.
        public let timedOut: Bool
        /// What it wrote on standard output (UTF-8, invalid bytes replaced).
        public let standardOutput: String
        /// What it wrote on standard error.
        public let standardError: String
    }

    /// The program (a path, or a name looked up on `PATH`) and its arguments.
    public var arguments: [String]
    /// The longest the run may take, in seconds.
    public var timeout: Double

    /// A command of `arguments` bounded by `timeout` seconds.
    public init(_ arguments: [String], timeout: Double) {
        self.arguments = arguments
        self.timeout = timeout
    }

    /// Runs the command; throws when it could not be started at all.
    public func run() throws(GLibError) -> Outcome {
        try start().finish()
    }

    /// Runs the command on a thread of its own and returns at once, so that not even
    /// starting it (a fork, milliseconds) holds up the caller: an app's check of the machine
    /// beside its registration on the session bus. `BackgroundRun.finish()` waits for it.
    /// The deadline counts from when the thread starts it.
    public func runInBackground() -> BackgroundRun {
        BackgroundRun(self)
    }

    /// Starts the command; `finish()` reads how it ended. The deadline counts from now.
    /// Throws when it could not be started at all.
    private func start() throws(GLibError) -> Running {
        let argv: [UnsafePointer<CChar>?] = arguments.map { UnsafePointer(strdup($0)) } + [nil]
        defer { argv.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let flags = GSubprocessFlags(G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDERR_PIPE.rawValue
                                     | G_SUBPROCESS_FLAGS_STDIN_INHERIT.rawValue)
        let process = try throwingGError { error in
            argv.withUnsafeBufferPointer { g_subprocess_newv($0.baseAddress, flags, error) }
        }!
        return Running(process: process, deadline: g_get_monotonic_time() + gint64(max(0.001, timeout) * 1_000_000))
    }

    /// A command started by `start()`, until `finish()` reads its end. Used by one thread at a time.
    private final class Running {
        private let process: OpaquePointer
        private let deadline: gint64

        fileprivate init(process: OpaquePointer, deadline: gint64) {
            self.process = process
            self.deadline = deadline
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(process)) }

        /// Waits, on a private GLib main context iterated here, until the command ends or its
        /// deadline passes (the child is then killed), and returns how it ended. Call it once.
        func finish() -> Outcome {
            let context = g_main_context_new()!
            g_main_context_push_thread_default(context)
            defer {
                g_main_context_pop_thread_default(context)
                g_main_context_unref(context)
            }
            let process = self.process
            let state = CommandState()
            let cancellable = g_cancellable_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
            typealias Finished = (OpaquePointer) -> Void
            let finished: Finished = { result in
                var output: UnsafeMutablePointer<CChar>?
                var errors: UnsafeMutablePointer<CChar>?
                g_subprocess_communicate_utf8_finish(process, result, &output, &errors, nil)
                state.output = output.map { String(cString: $0) } ?? ""
                state.errors = errors.map { String(cString: $0) } ?? ""
                g_free(output)
                g_free(errors)
                state.done = true
            }
            g_subprocess_communicate_utf8_async(process, nil, cancellable, { _, result, data in
                ClosureBox<Finished>.take(data)(result!)
            }, ClosureBox.retainedPointer(for: finished))

            let remaining = max(1, (deadline - g_get_monotonic_time()) / 1000)
            let timer = g_timeout_source_new(UInt32(clamping: remaining))!
            defer { g_source_destroy(timer); g_source_unref(timer) }
            typealias Expired = () -> Void
            let expired: Expired = {
                state.timedOut = true
                g_subprocess_force_exit(process)
                g_cancellable_cancel(cancellable)
            }
            g_source_set_callback(timer, { data in
                ClosureBox<Expired>.from(data)()
                return 0
            }, ClosureBox.retainedPointer(for: expired), ClosureBox<Expired>.destroyNotify)
            g_source_attach(timer, context)

            while !state.done { g_main_context_iteration(context, 1) }
            if state.timedOut {
                // Reaped by GLib's child watch; wait for it so no zombie outlives the call.
                g_subprocess_wait(process, nil, nil)
                return Outcome(exitStatus: nil, timedOut: true, standardOutput: state.output, standardError: state.errors)
            }
            let exited = g_subprocess_get_if_exited(process) != 0
            return Outcome(exitStatus: exited ? g_subprocess_get_exit_status(process) : nil, timedOut: false,
                           standardOutput: state.output, standardError: state.errors)
        }
    }
}

/// A command run on a thread of its own (`BoundedCommand.runInBackground()`): `finish()`
/// waits for the thread and gives how the command ended. Where no thread can be made, the
/// command runs in `finish()` instead.
public final class BackgroundRun: @unchecked Sendable {
    private typealias Ending = Result<BoundedCommand.Outcome, GLibError>
    private let command: BoundedCommand
    // Touched by the calling thread only: the thread hands its ending back through its join.
    private var thread: UnsafeMutablePointer<GThread>?
    private var ending: Ending?

    fileprivate init(_ command: BoundedCommand) {
        self.command = command
        let box = ClosureBox.retainedPointer(for: command)
        thread = g_thread_try_new("bounded-command", { data in
            ClosureBox<Ending>.retainedPointer(for: BackgroundRun.ending(of: ClosureBox<BoundedCommand>.take(data)))
        }, box, nil)
        if thread == nil { _ = ClosureBox<BoundedCommand>.take(box) }
    }

    // Never left running: its deadline bounds the wait.
    deinit { _ = try? finish() }

    /// Waits for the command to end (at most until its deadline) and returns how it ended;
    /// throws when it could not be started at all. Asked again, the same.
    public func finish() throws(GLibError) -> BoundedCommand.Outcome {
        if ending == nil {
            if let thread {
                ending = ClosureBox<Ending>.take(g_thread_join(thread))
                self.thread = nil
            } else {
                ending = Self.ending(of: command)
            }
        }
        return try ending!.get()
    }

    /// Runs `command` here, to its end.
    private static func ending(of command: BoundedCommand) -> Ending {
        Result { () throws(GLibError) in try command.run() }
    }
}

/// What the callbacks of one `BoundedCommand.Running.finish` report back to it.
private final class CommandState {
    var done = false
    var timedOut = false
    var output = ""
    var errors = ""
}
