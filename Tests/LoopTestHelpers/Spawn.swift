import Glibc

/// One `posix_spawn` call being put together for `ChildProcess`: the child's file actions and
/// attributes, and the pipes made for it. Every descriptor it made is closed by `release()`,
/// except the parent's pipe ends once `run` has started the child: those are the caller's.
final class Spawn {
    private let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
    private let attributes = UnsafeMutablePointer<posix_spawnattr_t>.allocate(capacity: 1)
    private var childEnds: [Int32] = []
    private var parentEnds: [Int32] = []

    init() {
        posix_spawn_file_actions_init(actions)
        posix_spawnattr_init(attributes)
    }

    /// Opens `path` as the child's `descriptor`.
    func open(_ path: String, as descriptor: Int32, flags: Int32) throws {
        try check(posix_spawn_file_actions_addopen(actions, descriptor, path, flags, 0), "open \(path)")
    }

    /// Makes a pipe one end of which is the child's `descriptor`; returns the parent's end.
    /// Both ends are close-on-exec, so no other child, ours or a library's, inherits them.
    func pipe(as descriptor: Int32, childReads: Bool) throws -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard try GNU.pipe2()(&ends, O_CLOEXEC) == 0 else { throw SpawnError("pipe", code: errno) }
        let (childEnd, parentEnd) = childReads ? (ends[0], ends[1]) : (ends[1], ends[0])
        childEnds.append(childEnd)
        parentEnds.append(parentEnd)
        try check(posix_spawn_file_actions_adddup2(actions, childEnd, descriptor), "dup2")
        return parentEnd
    }

    /// Sends the child's standard output or error where `stream` says; returns the parent's
    /// end of the pipe when there is one to read.
    func route(_ stream: ChildProcess.Output, as descriptor: Int32) throws -> Int32? {
        switch stream {
        case .inherited: return nil
        case .discarded: try open("/dev/null", as: descriptor, flags: O_WRONLY); return nil
        case .standardOutput:
            try check(posix_spawn_file_actions_adddup2(actions, STDOUT_FILENO, descriptor), "dup2")
            return nil
        case .captured, .streamed: return try pipe(as: descriptor, childReads: false)
        }
    }

    /// Starts the child with a shell's defaults: all signals at their default action, none
    /// blocked, a process group of its own, every descriptor above the standard three closed
    /// (as `Process` closed them), in `directory` if given.
    func run(_ executable: String, _ arguments: [String], environment: [String: String]?,
             directory: String?) throws -> pid_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        try check(posix_spawnattr_setsigmask(attributes, &signals), "sigmask")
        sigfillset(&signals)
        try check(posix_spawnattr_setsigdefault(attributes, &signals), "sigdefault")
        try check(posix_spawnattr_setpgroup(attributes, 0), "setpgroup")
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        try check(posix_spawnattr_setflags(attributes, Int16(flags)), "setflags")
        if let directory { try check(GNU.addchdir()(actions, directory), "chdir \(directory)") }
        try check(GNU.addclosefrom()(actions, 3), "closefrom")

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = envp.map { posix_spawn(&pid, executable, actions, attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, actions, attributes, argv, environ)
        guard result == 0 else {
            throw SpawnError("cannot start \(executable)" + (directory.map { " in \($0)" } ?? ""), code: result)
        }
        parentEnds = []
        return pid
    }

    /// Frees the call's data and closes what the parent must not keep.
    func release() {
        (childEnds + parentEnds).forEach { close($0) }
        posix_spawn_file_actions_destroy(actions)
        posix_spawnattr_destroy(attributes)
        actions.deallocate()
        attributes.deallocate()
    }

    private func check(_ result: Int32, _ step: String) throws {
        guard result == 0 else { throw SpawnError("posix_spawn \(step)", code: result) }
    }
}

/// glibc functions Swift's Glibc module leaves out, since glibc declares them only for
/// `_GNU_SOURCE` (glibc 2.34 and later have all three), looked up by name.
private enum GNU {
    static func pipe2() throws -> @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32 {
        try function("pipe2")
    }

    static func addchdir() throws
        -> @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32 {
        try function("posix_spawn_file_actions_addchdir_np")
    }

    static func addclosefrom() throws -> @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 {
        try function("posix_spawn_file_actions_addclosefrom_np")
    }

    private static func function<F>(_ name: String) throws -> F {
        guard let symbol = dlsym(nil, name) else { throw SpawnError("glibc has no \(name)", code: ENOSYS) }
        return unsafeBitCast(symbol, to: F.self)
    }
}
