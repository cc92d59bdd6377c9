import CWebKitGTKHelpers
import FoundationEssentials

/// The sandbox of a context's web processes (see `WebProcessSandbox`).
extension WebContext {
    /// Whether this context's web processes run in WebKit's sandbox: always on WebKitGTK 6.0,
    /// whose sandbox cannot be turned off.
    public var isSandboxed: Bool {
        #if GTK4
        true
        #else
        webkit_web_context_get_sandbox_enabled(reference.pointer) != 0
        #endif
    }

    /// The paths bound in this context's sandbox, in order: those every context gets, then
    /// those added with `addSandboxPath(_:writable:)` (or what they hold, see there).
    public var sandboxPaths: [String] {
        WebContextSandboxState.of(reference.raw).paths
    }

    /// Lets this context's sandboxed web processes see `path` (an absolute path that exists;
    /// read-only unless `writable`), for what a page's own process opens: `file:` media a
    /// page plays, an app's own web process extension. Only before the context's first view:
    /// WebKit aborts if a sandbox changes once a web process runs, so a later call throws.
    /// Nothing happens when the context is not sandboxed.
    ///
    /// Every web process the context starts binds the path anew. One deleted or renamed since
    /// is left out of that process (WebKit 2.50 binds with `--ro-bind-try`). One that cannot be
    /// looked up for another reason (a symlink loop, a parent replaced by a file or made
    /// unreadable, a dead network mount) makes `bwrap` fail, and WebKit aborts the app when a
    /// web process does not start; so a view of the context starts none while
    /// `sandboxProblem` names such a path (it reports `.sandboxUnavailable`), and `reload()`
    /// tries again once the path is mended or gone. A path missing now throws `.missing`
    /// (WebKit would only warn and leave it out), one that cannot be looked up `.unreachable`.
    ///
    /// A read-only path whose place in the sandbox holds what WebKit mounts after it (the
    /// user's runtime directory, which is the cache directory when `XDG_RUNTIME_DIR` is unset,
    /// or the X server's sockets under the `/tmp` that `/var/tmp` links to) is bound as
    /// everything it holds but those, as found now. While the home directory cannot be
    /// resolved (`HOME=/nonexistent`) no path can be added: WebKit 2.50 would crash, so this
    /// throws `.homeUnresolvable`.
    public func addSandboxPath(_ path: String, writable: Bool = false) throws(SandboxPathError) {
        guard isSandboxed else { return }
        let state = WebContextSandboxState.of(reference.raw)
        guard path.hasPrefix("/") else { throw .notAbsolute(path) }
        let first = path.split(separator: "/").first.map(String.init) ?? ""
        guard !["", "sys", "proc", "dev"].contains(first) else { throw .notAllowed(path) }
        guard WebKitSandboxLayout.homeDirectoryResolves else {
            throw .homeUnresolvable(path, home: String(cString: g_get_home_dir()))
        }
        guard !state.viewMade else { throw .tooLate(path) }
        if let error = SandboxPathProblem.lookupError(path) {
            throw error == ENOENT ? .missing(path) : .unreachable(path, reason: SandboxPathProblem.reason(error))
        }
        bindInSandbox(path, writable: writable)
    }

    /// Hands `path` to WebKit's sandbox, read-only unless `writable`; a read-only path as
    /// `WebKitSandboxLayout.readOnlyBindings` says, so that bwrap can mount WebKit's own there.
    func bindInSandbox(_ path: String, writable: Bool) {
        let state = WebContextSandboxState.of(reference.raw)
        for binding in writable ? [path] : WebKitSandboxLayout.readOnlyBindings(for: path) where !state.paths.contains(binding) {
            webkit_web_context_add_path_to_sandbox(reference.pointer, binding, writable ? 0 : 1)
            state.paths.append(binding)
        }
    }

    /// The first path of this context's sandbox that `bwrap` cannot bind now (it is there but
    /// cannot be looked up); nil when each is found or gone, or the context is not sandboxed.
    /// While there is one, no web process of the context can start: see `addSandboxPath`.
    public var sandboxProblem: SandboxPathProblem? {
        guard isSandboxed else { return nil }
        for path in sandboxPaths {
            if let error = SandboxPathProblem.lookupError(path), error != ENOENT {
                return SandboxPathProblem(path: path, reason: SandboxPathProblem.reason(error))
            }
        }
        return nil
    }

    /// Notes that a view of this context is being made: the sandbox is fixed from now on.
    func noteViewMade() {
        let state = WebContextSandboxState.of(reference.raw)
        if !state.configured { WebProcessSandbox.configure(self) }
        state.viewMade = true
    }

    /// Whether a web process of this context can see `path`: through a path added to its
    /// sandbox, or as one of the system's library directories, which WebKit's sandbox shows
    /// every web process read-only (an installed app's private `/usr/lib/<app>`).
    func sandboxCovers(_ path: String) -> Bool {
        (sandboxPaths + WebProcessSandbox.systemLibraryDirectories).contains { path == $0 || path.hasPrefix($0 + "/") }
    }
}

/// Why `WebContext.addSandboxPath(_:writable:)` refused a path.
public enum SandboxPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path is relative.
    case notAbsolute(String)
    /// `/`, `/sys`, `/proc` and `/dev` are the sandbox's own.
    case notAllowed(String)
    /// The context already made a view, so its web processes may be running.
    case tooLate(String)
    /// Nothing is at the path.
    case missing(String)
    /// The path cannot be looked up, for this reason (a symlink loop, a parent that is a file
    /// or cannot be read): `bwrap` could not bind it.
    case unreachable(String, reason: String)
    /// The home directory (`home`) cannot be resolved, and WebKit 2.50 crashes adding any
    /// path to a sandbox then.
    case homeUnresolvable(String, home: String)

    /// The refusal in a sentence.
    public var description: String {
        switch self {
        case .notAbsolute(let path): "\(path) is not an absolute path"
        case .notAllowed(let path): "\(path) cannot be added to a sandbox (/, /sys, /proc and /dev are its own)"
        case .tooLate(let path):
            "\(path) was added after the context's first view: a sandbox is fixed once its web processes may run"
        case .missing(let path): "\(path) does not exist: a sandbox binds only what is there"
        case .unreachable(let path, let reason): "\(path) cannot be looked up (\(reason)), so a sandbox cannot bind it"
        case .homeUnresolvable(let path, let home):
            "\(path) cannot be added while the home directory \(home) cannot be resolved (WebKit would crash)"
        }
    }
}
