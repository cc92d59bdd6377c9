/// What the preflight read on this machine about WebKit's sandbox: whether `bwrap` is there,
/// the kernel's user-namespace settings, and how a trial `bwrap` run ended. Platform-free,
/// so the diagnosis from them (`problem`) is tested without changing the machine.
public struct SandboxReadings: Sendable, Equatable {
    /// How a trial `bwrap --unshare-all --ro-bind / / true` ended.
    public enum Trial: Sendable, Equatable {
        /// Exit status 0: a sandbox can be built.
        case succeeded
        /// It exited with `status`, having written `message` on standard error.
        case failed(status: Int32, message: String)
        /// It was still running after `seconds` and was killed.
        case timedOut(seconds: Double)
        /// It could not be started (no executable there), with the system's reason.
        case notStarted(reason: String)
    }

    /// The `bwrap` WebKit runs.
    public var bubblewrapPath: String
    /// Whether an executable file is there.
    public var bubblewrapExecutable: Bool
    /// Whether this process runs as root (bwrap then needs no user namespace).
    public var isRoot: Bool
    /// `/proc/sys/kernel/unprivileged_userns_clone` (Debian's older kernels), nil when absent.
    public var unprivilegedUserNamespaceClone: Int?
    /// `/proc/sys/user/max_user_namespaces`, nil when absent.
    public var maxUserNamespaces: Int?
    /// `/proc/sys/kernel/apparmor_restrict_unprivileged_userns` (Ubuntu 23.10 and later), nil when absent.
    public var appArmorRestrictsUserNamespaces: Int?
    /// The trial run; nil when none was made (no executable `bwrap`).
    public var trial: Trial?
    /// What keeps WebKit's sandbox from using the user's runtime directory, nil when nothing
    /// does (the trial run does not use it).
    public var runtimeDirectoryProblem: SandboxProblem?

    /// Every reading, as the preflight takes them.
    public init(bubblewrapPath: String, bubblewrapExecutable: Bool, isRoot: Bool,
                unprivilegedUserNamespaceClone: Int?, maxUserNamespaces: Int?,
                appArmorRestrictsUserNamespaces: Int?, trial: Trial?, runtimeDirectoryProblem: SandboxProblem? = nil) {
        self.bubblewrapPath = bubblewrapPath
        self.bubblewrapExecutable = bubblewrapExecutable
        self.isRoot = isRoot
        self.unprivilegedUserNamespaceClone = unprivilegedUserNamespaceClone
        self.maxUserNamespaces = maxUserNamespaces
        self.appArmorRestrictsUserNamespaces = appArmorRestrictsUserNamespaces
        self.trial = trial
        self.runtimeDirectoryProblem = runtimeDirectoryProblem
    }

    /// Why the sandbox cannot start, nil when it can. After `bwrap` itself and the runtime
    /// directory, the trial run decides; the kernel's
    /// settings only explain a failed one (a setting alone proves nothing: root needs no user
    /// namespace, and an AppArmor profile may allow `bwrap` one).
    public var problem: SandboxProblem? {
        guard bubblewrapExecutable else { return .bubblewrapMissing(path: bubblewrapPath) }
        if let runtimeDirectoryProblem { return runtimeDirectoryProblem }
        switch trial {
        case .succeeded: return nil
        case .timedOut(let seconds): return .bubblewrapHung(seconds: seconds)
        case .notStarted(let reason): return .bubblewrapFailed(detail: reason)
        case nil: return .bubblewrapFailed(detail: "no trial run")
        case .failed(let status, let message):
            if !isRoot {
                if unprivilegedUserNamespaceClone == 0 {
                    return .userNamespacesDisabled(sysctl: "kernel.unprivileged_userns_clone")
                }
                if maxUserNamespaces == 0 { return .userNamespacesDisabled(sysctl: "user.max_user_namespaces") }
                if appArmorRestrictsUserNamespaces == 1 { return .appArmorRestricted }
            }
            let said = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return .bubblewrapFailed(detail: said.isEmpty ? "exit status \(status)" : said)
        }
    }
}
