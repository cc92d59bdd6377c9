/// Why WebKit's web process sandbox (bubblewrap) cannot start on this machine, each with what
/// the user can do about it.
///
/// WebKit starts every web process of a sandboxed context through `bwrap`; when `bwrap` is
/// missing WebKit aborts the app, and when it cannot make its namespaces the web process
/// dies and the window stays blank. The preflight (`SandboxReadings.problem`) names the
/// cause before the first window instead.
public enum SandboxProblem: Sendable, Equatable {
    /// No executable `bwrap` where WebKit runs it from (WebKit's build fixes the path).
    case bubblewrapMissing(path: String)
    /// The kernel lets no unprivileged process make a user namespace; `sysctl` is the
    /// setting that is 0 (`kernel.unprivileged_userns_clone`, `user.max_user_namespaces`).
    case userNamespacesDisabled(sysctl: String)
    /// Ubuntu's AppArmor restriction (`kernel.apparmor_restrict_unprivileged_userns = 1`)
    /// keeps `bwrap` from making a user namespace.
    case appArmorRestricted
    /// `bwrap` ran but could not build a sandbox; `detail` is what it said, or its exit status.
    case bubblewrapFailed(detail: String)
    /// `bwrap` did not finish within the preflight's bound.
    case bubblewrapHung(seconds: Double)
    /// The user's runtime directory (`XDG_RUNTIME_DIR`, else the cache directory) lies in
    /// `link` (`/var/tmp` or `/var/run`): WebKit makes that directory in every sandbox before
    /// it makes `link` a symbolic link there, which `bwrap` then cannot do.
    case runtimeDirectoryLinked(path: String, link: String, userID: UInt32)
    /// WebKit cannot make its folder of D-Bus proxies in the user's runtime directory.
    case runtimeDirectoryUnusable(path: String, reason: String)

    /// Why, in a clause: "bubblewrap (bwrap) is not installed at /usr/bin/bwrap".
    public var reason: String {
        switch self {
        case .bubblewrapMissing(let path): "bubblewrap (bwrap) is not installed at \(path)"
        case .userNamespacesDisabled(let sysctl): "unprivileged user namespaces are disabled (\(sysctl) = 0)"
        case .appArmorRestricted:
            "AppArmor keeps unprivileged programs from making user namespaces (kernel.apparmor_restrict_unprivileged_userns = 1)"
        case .bubblewrapFailed(let detail): "bubblewrap cannot create a sandbox here (\(detail))"
        case .bubblewrapHung(let seconds): "bubblewrap did not finish a trial sandbox within \(Int(seconds.rounded())) s"
        case .runtimeDirectoryLinked(let path, let link, _):
            "WebKit's runtime directory \(path) lies in \(link), which its sandbox replaces with a link"
        case .runtimeDirectoryUnusable(let path, let reason):
            "WebKit cannot make its folder in the runtime directory \(path) (\(reason))"
        }
    }

    /// What the user can do, in a clause.
    public var remedy: String {
        switch self {
        case .bubblewrapMissing: "install it (Debian and Ubuntu: sudo apt install bubblewrap)"
        case .userNamespacesDisabled(let sysctl):
            "enable them (sudo sysctl -w \(sysctl)=\(sysctl == "user.max_user_namespaces" ? "15000" : "1"))"
        case .appArmorRestricted:
            "allow bwrap an AppArmor profile with the userns permission, or lift the restriction (sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0)"
        case .bubblewrapFailed, .bubblewrapHung:
            "check that `bwrap --unshare-all --ro-bind / / true` works for this user"
        case .runtimeDirectoryLinked(_, _, let userID):
            "set XDG_RUNTIME_DIR to a directory of this user's elsewhere (such as /run/user/\(userID))"
        case .runtimeDirectoryUnusable:
            "set XDG_RUNTIME_DIR to a directory this user can write"
        }
    }
}
