import GLibCore
import WebPolicy

extension SandboxProblem {
    /// Why the sandbox cannot start, in a clause in the user's language: "bubblewrap (bwrap)
    /// is not installed at /usr/bin/bwrap".
    public var reason: String {
        switch self {
        case .bubblewrapMissing(let path): tr("bubblewrap (bwrap) is not installed at {path}", ["path": path])
        case .userNamespacesDisabled(let sysctl):
            tr("unprivileged user namespaces are disabled ({setting} = 0)", ["setting": sysctl])
        case .appArmorRestricted:
            tr("AppArmor keeps unprivileged programs from making user namespaces ({setting} = 1)",
               ["setting": "kernel.apparmor_restrict_unprivileged_userns"])
        case .bubblewrapFailed(let detail): tr("bubblewrap cannot create a sandbox here ({detail})", ["detail": detail])
        case .bubblewrapHung(let seconds):
            tr("bubblewrap did not finish a trial sandbox within {seconds} s", ["seconds": "\(Int(seconds.rounded()))"])
        case .runtimeDirectoryLinked(let path, let link, _):
            tr("WebKit's runtime directory {path} lies in {link}, which its sandbox replaces with a link",
               ["path": path, "link": link])
        case .runtimeDirectoryUnusable(let path, let reason):
            tr("WebKit cannot make its folder in the runtime directory {path} ({reason})", ["path": path, "reason": reason])
        }
    }

    /// The line an app that requires the sandbox prints after its name before it exits: the
    /// reason, the remedy and, `offeringOptOut` (where the WebKit in use can run web content
    /// unconfined), the way to run unconfined anyway, in the user's language.
    public func refusal(offeringOptOut: Bool) -> String {
        guard offeringOptOut else {
            return tr("cannot sandbox web content: {reason}; {remedy} (WebKitGTK 6.0 cannot run web content unconfined)",
                      ["reason": reason, "remedy": remedy])
        }
        return tr("cannot sandbox web content: {reason}; {remedy}, or run with {flag} (or {variable}=1) to run it unconfined",
                  ["reason": reason, "remedy": remedy, "flag": SandboxPolicy.commandLineFlag,
                   "variable": SandboxPolicy.environmentVariable])
    }

    /// What the user can do about it, in a clause in the user's language.
    public var remedy: String {
        switch self {
        case .bubblewrapMissing:
            tr("install it (Debian and Ubuntu: {command})", ["command": "sudo apt install bubblewrap"])
        case .userNamespacesDisabled(let sysctl):
            tr("enable them ({command})",
               ["command": "sudo sysctl -w \(sysctl)=\(sysctl == "user.max_user_namespaces" ? "15000" : "1")"])
        case .appArmorRestricted:
            tr("allow bwrap an AppArmor profile with the userns permission, or lift the restriction ({command})",
               ["command": "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"])
        case .bubblewrapFailed, .bubblewrapHung:
            tr("check that {command} works for this user", ["command": "`bwrap --unshare-all --ro-bind / / true`"])
        case .runtimeDirectoryLinked(_, _, let userID):
            tr("set XDG_RUNTIME_DIR to a directory of this user's elsewhere (such as {path})", ["path": "/run/user/\(userID)"])
        case .runtimeDirectoryUnusable:
            tr("set XDG_RUNTIME_DIR to a directory this user can write")
        }
    }
}

extension SandboxPolicy.OptOut {
    /// Why this opt-out changed nothing, in the user's language: the WebKit in use (WebKitGTK
    /// 6.0) cannot run web content unconfined.
    public var ignoredExplanation: String {
        let by = switch self {
        case .commandLine: SandboxPolicy.commandLineFlag
        case .environment: SandboxPolicy.environmentVariable + "=1"
        case .application: tr("the app's setting")
        }
        return tr("web content stays in the sandbox although {switch} turns it off: WebKitGTK 6.0 cannot run it unconfined",
                  ["switch": by])
    }
}

extension SandboxPolicy.Unconfined {
    /// Why web content runs unconfined, in the user's language.
    public var explanation: String {
        switch self {
        case .optedOut(.commandLine):
            tr("web content runs without the sandbox (turned off by {switch})", ["switch": SandboxPolicy.commandLineFlag])
        case .optedOut(.environment):
            tr("web content runs without the sandbox (turned off by {switch})", ["switch": SandboxPolicy.environmentVariable + "=1"])
        case .optedOut(.application): tr("web content runs without the sandbox (turned off by the app's setting)")
        case .unavailable(let problem): tr("web content runs without the sandbox: {reason}", ["reason": problem.reason])
        }
    }
}
