import CWebKitGTKHelpers
import FoundationEssentials
import GLibCore
import WebPolicy

/// WebKit's web process sandbox (bubblewrap) for every `WebContext`: on unless turned off,
/// with the preflight that says whether it can start on this machine.
///
/// A sandboxed web process sees the system's libraries and data read-only, a private `/tmp`,
/// no network of its own (the network process, unsandboxed, loads for it) and its own mount,
/// PID, UTS and network namespaces. Website data, downloads and `app://` files stay outside:
/// the network and UI processes handle them. Each context adds what its web processes
/// themselves open: the directories of the shared libraries this process loaded from outside
/// the system's library directories (the bridge's web process extension, the Swift runtime
/// it links) and the directory of web process extension links (`addWebProcessExtension`).
@MainActor
public enum WebProcessSandbox {
    /// Whether contexts made from now on run their web processes in the sandbox. An app turns
    /// it off before its first context, after the user or the app opted out (see
    /// `SandboxPolicy`); contexts already made keep what they had. WebKitGTK 6.0 (the GTK4
    /// trait) always sandboxes its web processes: turning this off there changes nothing.
    public static var isEnabled = true

    #if GTK4
    /// Whether this WebKit can run web content outside its sandbox: webkit2gtk-4.1 can (when
    /// `isEnabled` is off); WebKitGTK 6.0 cannot, so an app's policy there refuses to start
    /// where the sandbox cannot (see `SandboxPolicy.decide(problem:canRunUnconfined:)`).
    public static let canRunUnconfined = false
    #else
    /// Whether this WebKit can run web content outside its sandbox: webkit2gtk-4.1 can (when
    /// `isEnabled` is off); WebKitGTK 6.0 cannot, so an app's policy there refuses to start
    /// where the sandbox cannot (see `SandboxPolicy.decide(problem:canRunUnconfined:)`).
    public static let canRunUnconfined = true
    #endif

    /// The environment variable naming the `bwrap` the preflight examines, for a WebKit built
    /// with another path than `defaultBubblewrapPath`. WebKit itself runs the path it was built
    /// with and reads no variable: this changes only what the preflight checks.
    public static let bubblewrapPathVariable = "WEBVIEWHOST_BWRAP"
    /// Where WebKit's builds for Debian, Ubuntu, Fedora and Arch run `bwrap` from (it is fixed
    /// when WebKit is built, not looked up on `PATH`).
    public static let defaultBubblewrapPath = "/usr/bin/bwrap"

    /// The `bwrap` WebKit runs: `WEBVIEWHOST_BWRAP` when set to an absolute path, else the default.
    public static var bubblewrapPath: String {
        ProcessInfo.processInfo.environment[bubblewrapPathVariable].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? defaultBubblewrapPath
    }

    /// The preflight: reads the kernel's user-namespace settings, checks that WebKit's sandbox
    /// can use the user's runtime directory (`WebKitSandboxLayout`), and runs a trial sandbox
    /// (`bwrap --unshare-all --die-with-parent --ro-bind / / true`, as WebKit's needs), bounded
    /// by `timeout` seconds. `readings.problem` says why the sandbox cannot start, nil when it can.
    public static func preflight(timeout: Double = 5) -> SandboxReadings {
        startPreflight(timeout: timeout).readings()
    }

    /// `preflight(timeout:)` in two steps, so the trial sandbox runs beside what the app does
    /// meanwhile (its registration on the session bus) rather than before it: this starts the
    /// trial on a thread of its own (even its fork stays off the caller's thread),
    /// `PendingPreflight.readings()` waits for it (within `timeout` seconds of its start) and
    /// reads the rest.
    public static func startPreflight(timeout: Double = 5) -> PendingPreflight {
        let path = bubblewrapPath
        guard access(path, X_OK) == 0 else { return PendingPreflight(bubblewrapPath: path, trial: nil) }
        let trial = BoundedCommand([path, "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "true"],
                                   timeout: timeout)
        return PendingPreflight(bubblewrapPath: path, trial: trial.runInBackground(), timeout: timeout)
    }

    /// A preflight whose trial sandbox may still be running (`startPreflight`).
    @MainActor
    public final class PendingPreflight {
        private let bubblewrapPath: String
        /// The trial, running on a thread of its own; nil when there is no executable `bwrap` to try.
        private let trial: BackgroundRun?
        private let timeout: Double
        private var finished: SandboxReadings?

        fileprivate init(bubblewrapPath: String, trial: BackgroundRun?, timeout: Double = 0) {
            self.bubblewrapPath = bubblewrapPath
            self.trial = trial
            self.timeout = timeout
        }

        /// What the preflight found: waits for the trial to end (at most until its deadline),
        /// then reads the kernel's settings and the runtime directory. Asked again, the same.
        public func readings() -> SandboxReadings {
            if let finished { return finished }
            var readings = SandboxReadings(
                bubblewrapPath: bubblewrapPath, bubblewrapExecutable: trial != nil, isRoot: geteuid() == 0,
                unprivilegedUserNamespaceClone: WebProcessSandbox.sysctl("/proc/sys/kernel/unprivileged_userns_clone"),
                maxUserNamespaces: WebProcessSandbox.sysctl("/proc/sys/user/max_user_namespaces"),
                appArmorRestrictsUserNamespaces: WebProcessSandbox.sysctl("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"),
                trial: nil, runtimeDirectoryProblem: WebKitSandboxLayout.runtimeDirectoryProblem(userID: getuid()))
            switch trial.map({ trial in Result { () throws(GLibError) in try trial.finish() } }) {
            case nil:
                break
            case .failure(let error):
                readings.trial = .notStarted(reason: error.message)
            case .success(let outcome):
                if outcome.timedOut {
                    readings.trial = .timedOut(seconds: timeout)
                } else if outcome.exitStatus == 0 {
                    readings.trial = .succeeded
                } else {
                    readings.trial = .failed(status: outcome.exitStatus ?? -1,
                                             message: outcome.standardError.trimmingWhitespace())
                }
            }
            finished = readings
            return readings
        }
    }

    /// A number in a `/proc/sys` file, nil when the file is absent.
    fileprivate static func sysctl(_ path: String) -> Int? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0.trimmingWhitespace()) }
    }

    /// Turns the sandbox on for a new context (when enabled) with the paths every context's
    /// web processes need. WebKit aborts if this happens after the context started a web
    /// process, so it runs once per WebKit context, before any view of it exists.
    static func configure(_ context: WebContext) {
        let state = WebContextSandboxState.of(context.reference.raw)
        guard !state.configured, !state.viewMade else { return }
        state.configured = true
        #if GTK4
        _ = accessibilityBusChecked
        #else
        guard isEnabled else { return }
        _ = accessibilityBusChecked
        webkit_web_context_set_sandbox_enabled(context.reference.pointer, 1)
        #endif
        // Without them the web process extension is not loaded (see `addWebProcessExtension`).
        guard WebKitSandboxLayout.homeDirectoryResolves else { return }
        for directory in [extensionLinksDirectory] + loadedLibraryDirectories {
            context.bindInSandbox(directory, writable: false)
        }
    }

    /// Where a session has no accessibility bus, WebKit still points a sandboxed web process
    /// at its a11y proxy, and every web process warns "Can't connect to a11y bus" on stderr.
    /// WebKit hands its web processes `WEBKIT_A11Y_BUS_ADDRESS` when set, so this sets it
    /// empty (no accessibility to connect to) when neither it nor `AT_SPI_BUS_ADDRESS` is set
    /// and the session bus neither runs nor can start `org.a11y.Bus`. Checked once, before
    /// the first sandboxed context (WebKit reads the variable at its first web process).
    private static let accessibilityBusChecked: Void = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["WEBKIT_A11Y_BUS_ADDRESS"] == nil, environment["AT_SPI_BUS_ADDRESS"] == nil else { return }
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        if environment["DBUS_SESSION_BUS_ADDRESS"] != nil || runtimeBus.map({ FileManager.default.fileExists(atPath: $0) }) == true,
           let bus = try? throwingGError({ g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }) {
            defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
            let names = BusNames(bus: bus, timeout: 2)
            // An error (a bus that does not answer) leaves WebKit to its own devices.
            guard let present = try? names.isOwned("org.a11y.Bus") || names.isActivatable("org.a11y.Bus"), !present else { return }
        }
        setenv("WEBKIT_A11Y_BUS_ADDRESS", "", 1)
    }()

    /// Where `addWebProcessExtension` keeps its directories of links (under the user's
    /// runtime directory), made now so every sandbox can mount it read-only (WebKit skips a
    /// path missing when the web process starts).
    public static let extensionLinksDirectory: String = {
        let directory = String(cString: g_get_user_runtime_dir()) + "/webviewhost"
        g_mkdir_with_parents(directory, 0o700)
        return directory
    }()

    /// The system's library directories, which WebKit's sandbox mounts itself.
    static let systemLibraryDirectories = ["/usr/lib", "/lib", "/lib64", "/usr/lib64", "/usr/local/lib",
                                                   "/usr/local/lib64"]

    /// The directories of the shared libraries this process loaded from elsewhere (an app's
    /// own libraries, the Swift runtime): a web process extension links the same ones. Read
    /// from the process's executable mappings (`/proc/self/maps`), which name each mapped
    /// file by its real path, symbolic links resolved (resolving ~150 paths again cost ~7 ms
    /// of start-up).
    static let loadedLibraryDirectories: [String] = {
        // GLib reads a /proc file to its end, though its size reads as 0.
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents("/proc/self/maps", &contents, &length, nil) != 0, let contents else { return [] }
        defer { g_free(contents) }
        let maps = [UInt8](UnsafeRawBufferPointer(start: contents, count: Int(length)))
        var directories: [String] = []
        // Lines of address, permissions ("r-xp"), offset, device, inode, then the path after
        // padding; read as bytes, as a few thousand lines as `String`s took ~4 ms of start-up.
        for line in maps.split(separator: UInt8(ascii: "\n")) {
            // The first "/" of the line starts the path: the fields before it have none.
            guard let start = line.firstIndex(of: UInt8(ascii: "/")), let end = line.lastIndex(of: UInt8(ascii: "/")),
                  let space = line.firstIndex(of: UInt8(ascii: " ")), space + 3 < start,
                  line[space + 3] == UInt8(ascii: "x"), line[end...].containsSharedObjectSuffix else { continue }
            let directory = String(decoding: line[start..<end], as: UTF8.self)
            guard !directories.contains(directory),
                  !systemLibraryDirectories.contains(where: { directory == $0 || directory.hasPrefix($0 + "/") }) else { continue }
            directories.append(directory)
        }
        return directories
    }()
}

/// What the sandbox knows of one WebKit context, kept on WebKit's context object (shared by
/// every `WebContext` wrapping it, freed with it).
@MainActor
final class WebContextSandboxState {
    /// Whether `WebProcessSandbox.configure` ran for the context.
    var configured = false
    /// Whether a view of the context was made: from then on WebKit may have started a web
    /// process, and changing the sandbox would abort the app.
    var viewMade = false
    /// The paths added to the context's sandbox, in order.
    var paths: [String] = []

    private static let key = "webviewhost-sandbox-state"

    /// The state of `context`, made on first use.
    static func of(_ context: UnsafeMutableRawPointer) -> WebContextSandboxState {
        let object = context.assumingMemoryBound(to: GObject.self)
        if let existing = g_object_get_data(object, key) { return ClosureBox<WebContextSandboxState>.from(existing) }
        let state = WebContextSandboxState()
        g_object_set_data_full(object, key, ClosureBox<WebContextSandboxState>.retainedPointer(for: state),
                               ClosureBox<WebContextSandboxState>.destroyNotify)
        return state
    }
}

extension ArraySlice<UInt8> {
    /// Whether a file name's bytes contain ".so" (`libfoo.so`, `libfoo.so.1.2`).
    fileprivate var containsSharedObjectSuffix: Bool {
        let suffix = Array(".so".utf8)
        return indices.contains { index in index + suffix.count <= endIndex && self[index..<index + suffix.count].elementsEqual(suffix) }
    }
}
