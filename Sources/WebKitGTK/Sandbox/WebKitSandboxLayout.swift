import CWebKitGTKHelpers
import FoundationEssentials
import Glibc
import WebPolicy

/// What WebKit 2.50's sandbox makes of the paths handed to it, found by running it (see
/// docs/platform-notes.md): the set-ups that make `bwrap` fail or WebKit crash, which would
/// end the whole app, so that a context never hands WebKit one of them.
@MainActor
enum WebKitSandboxLayout {
    /// The user's runtime directory as GLib and WebKit read it: `XDG_RUNTIME_DIR`, or the
    /// cache directory when that is unset.
    static var runtimeDirectory: String { String(cString: g_get_user_runtime_dir()) }

    /// Where WebKit keeps its D-Bus proxy sockets, which it binds in every web process's
    /// sandbox (`bus`, `at-spi-bus`) after the paths handed to it.
    static var proxyDirectory: String { runtimeDirectory + "/webkitgtk" }

    /// Whether WebKit can be handed a path at all: `webkit_web_context_add_path_to_sandbox`
    /// compares the path with the home directory's real path without checking that it has
    /// one, so it crashes (NULL `strcmp`) while the home directory cannot be resolved
    /// (`HOME=/nonexistent`).
    static var homeDirectoryResolves: Bool {
        guard let resolved = realpath(g_get_home_dir(), nil) else { return false }
        free(resolved)
        return true
    }

    /// Why WebKit's sandbox cannot start with this runtime directory, nil when it can. WebKit
    /// makes the directory inside every sandbox (`--dir`) before it links `/var/tmp` and
    /// `/var/run` there, and `bwrap` cannot link over the folder it made; and WebKit needs
    /// its proxy folder made in it (made here, as WebKit would). `userID` is named in the remedy.
    static func runtimeDirectoryProblem(userID: UInt32) -> SandboxProblem? {
        let runtime = runtimeDirectory
        for linked in ["/var/tmp", "/var/run"] where runtime == linked || runtime.hasPrefix(linked + "/") {
            return .runtimeDirectoryLinked(path: runtime, link: linked, userID: userID)
        }
        if g_mkdir_with_parents(proxyDirectory, 0o700) != 0 {
            return .runtimeDirectoryUnusable(path: runtime, reason: String(cString: strerror(errno)))
        }
        return nil
    }

    /// Where the X server's sockets are; WebKit binds the display's socket in each sandbox.
    static let x11SocketDirectory = "/tmp/.X11-unix"

    /// What to bind read-only so that a web process sees `path`: the path itself, or, when
    /// where it lands in the sandbox holds what WebKit mounts after it (the runtime directory
    /// with its D-Bus proxies and the extension's links, the X server's sockets), everything
    /// in it but those, level by level down to them: bwrap cannot make their mount points in
    /// a read-only folder, and a folder bound over them would hide them. Entries that cannot
    /// be looked up are left out (bwrap would fail on them); so is what is made there later.
    ///
    /// The home directory and `/home` are never split: WebKit refuses them whole (a CRITICAL,
    /// nothing bound), and their entries one by one would hand the web processes what it refuses.
    static func readOnlyBindings(for path: String) -> [String] {
        let real = resolved(path)
        guard real != "/home", real != resolved(String(cString: g_get_home_dir())) else { return [path] }
        return bindings(for: path, at: destination(of: path), avoiding: [resolved(runtimeDirectory), x11SocketDirectory])
    }

    /// Where `path` lands in a sandbox, in which `/var/tmp` links to `/tmp` and `/var/run` to `/run`.
    static func destination(of path: String) -> String {
        for (link, target) in [("/var/tmp", "/tmp"), ("/var/run", "/run")] where path == link || path.hasPrefix(link + "/") {
            return target + path.dropFirst(link.count)
        }
        return path
    }

    private static func bindings(for path: String, at destination: String, avoiding kept: [String]) -> [String] {
        let inside = kept.filter { $0 == destination || $0.hasPrefix(destination + "/") }
        guard !inside.isEmpty else { return [path] }
        guard !inside.contains(destination) else { return [] }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return entries.sorted().flatMap { entry -> [String] in
            let child = path + "/" + entry
            guard SandboxPathProblem.lookupError(child) == nil else { return [] }
            return bindings(for: child, at: destination + "/" + entry, avoiding: inside)
        }
    }

    /// `path` with its symbolic links resolved, as `bwrap` mounts it; itself when it cannot be.
    private static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
