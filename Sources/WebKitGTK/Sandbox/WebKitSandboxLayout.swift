import CWebKitGTK
import Foundation
import WebPolicy

/// What WebKit 2.50's sandbox makes of the paths handed to it, found by running it (see
/// docs/platform-notes.md): the set-ups that make `bwrap` fail or WebKit crash, which would
/// end the whole app, so that a context never hands WebKit one of them.
@MainActor
enum WebKitSandboxLayout {
    /// The user's runtime directory as GLib and WebKit read it: `XDG_RUNTIME_DIR`, or the
    /// cache directory when that is unset.
    static var runtimeDirectory: String { String(cString: g_get_user_runtime_dir()) }

    /// Where WebKit keeps its D-Bus proxy sockets and binds them in every web process's
    /// sandbox (`bus`, `at-spi-bus`): files `bwrap` creates there, so no read-only path
    /// handed to WebKit may hold this folder.
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
    /// its proxy folder made in it.
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

    /// What to bind read-only so that a web process sees `path`: the path itself, or, when
    /// it holds `proxyDirectory` (the page's folder holds the cache folder), everything in it
    /// but that folder, level by level down to it. Entries that cannot be looked up are left
    /// out (`bwrap` would fail on them); so is what is made inside the folder later.
    static func readOnlyBindings(for path: String) -> [String] {
        let proxy = resolved(runtimeDirectory) + "/webkitgtk"
        guard proxy.hasPrefix(path + "/") || proxy == path else { return [path] }
        var bindings: [String] = []
        var folder = path
        while folder != proxy {
            let rest = proxy.dropFirst(folder.count + 1)
            let next = folder + "/" + (rest.split(separator: "/").first.map(String.init) ?? "")
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            bindings += entries.sorted().map { folder + "/" + $0 }
                .filter { $0 != next && SandboxPathProblem.lookupError($0) == nil }
            folder = next
        }
        return bindings
    }

    /// `path` with its symbolic links resolved, as `bwrap` mounts it; itself when it cannot be.
    private static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
