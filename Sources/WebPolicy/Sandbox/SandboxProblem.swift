/// Why WebKit's web process sandbox (bubblewrap) cannot start on this machine, each case with
/// what the user needs to be told what to do about it (the app says it in the user's language:
/// `WebAppWindow`'s `reason` and `remedy`).
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
}
