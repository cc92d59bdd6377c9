import GLibCore
import CGtkHelpers
import FoundationEssentials
import GLibLog

/// The app as the desktop sees it: a `GtkApplication` with a reverse-DNS id, running
/// as one process per user session.
///
/// The first launch becomes the primary instance. A later launch registers on the
/// D-Bus session bus, finds the primary, hands it its URIs (`onOpen`) or asks it to
/// come forward (`onActivate`), and exits with status 0 without creating a window.
/// Only URIs cross over: the app must parse its own options (such as `--ephemeral`)
/// and pass `run` the program name and the remaining arguments, so options act at
/// first launch only. Relative file paths are resolved in the launching process.
/// Without a session bus each launch simply runs on its own.
///
/// The app quits when its last window added with `add(_:)` closes.
@MainActor
public final class Application {
    package let reference: ObjectReference<GtkApplication>
    /// GLib keeps one name per process and warns when it is set again.
    private static var isNamed = false
    private var connections: [SignalConnection] = []
    private var windows: [Window] = []
    private var closeObservations: [ObjectIdentifier: Observation] = [:]

    /// `id` is the reverse-DNS application id, the same as the `.desktop` file's name.
    /// `unique: false` runs this launch as a process of its own that neither joins nor
    /// becomes the primary instance: for a private (`--ephemeral`) session, which must not
    /// hand its pages to a primary that stores data, nor take later launches' pages.
    /// `name` is what the user calls the app (`name`); nil leaves GLib's default, the
    /// executable's name. The first application of a process that gives one names it.
    public init(id: String, unique: Bool = true, name: String? = nil) {
        precondition(g_application_id_is_valid(id) != 0, "'\(id)' is not a valid application id")
        if let name, !Self.isNamed {
            g_set_application_name(name)
            Self.isNamed = true
        }
        let flags = GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | (unique ? 0 : G_APPLICATION_NON_UNIQUE.rawValue))
        #if GTK4
        // libadwaita's application: its style manager follows the desktop's dark style and
        // accent (the portal's colour scheme), and its widgets get their style sheet.
        reference = ObjectReference(adopting: gcast(adw_application_new(id, flags)!))
        #else
        reference = ObjectReference(adopting: gtk_application_new(id, flags))
        #endif
        // Every window's icon (`_NET_WM_ICON`, the window switcher): the theme icon named
        // like the app, which `make install` and the Debian package put in hicolor.
        gtk_window_set_default_icon_name(id)
    }

    /// The reverse-DNS id the app was created with: the `.desktop` file's name, the default
    /// window icon's name, and the D-Bus name by which later launches find the primary instance.
    public var id: String { string(g_application_get_application_id(application)) ?? "" }

    /// What the user calls the app ("Notes"), as the desktop shows it beside the app's
    /// notifications and status icon (`g_get_application_name`): the name given at `init`,
    /// else the executable's. One per process, as GLib keeps it.
    public var name: String { string(g_get_application_name()) ?? id }

    /// Called once in the primary instance, before the first `onActivate` or `onOpen`:
    /// GTK is ready, create shared state here.
    public func onStartup(_ handler: @escaping @MainActor () -> Void) {
        connections.append(Signals.connect(reference.raw, "startup", handler))
    }

    /// Called in the primary instance when it is launched, or launched again, without
    /// URIs: show (or present) the main window.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connections.append(Signals.connect(reference.raw, "activate", handler))
    }

    /// Called in the primary instance with the URIs of a launch (its own or a later
    /// one's): file arguments arrive as absolute `file://` URIs, a query given with a
    /// `file:` URI kept.
    public func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) {
        connections.append(Signals.connect(reference.raw, "open") { (files: Signals.Pointer, count: Int32, _: Signals.Pointer) in
            guard let files = files?.assumingMemoryBound(to: OpaquePointer?.self) else { return handler([]) }
            let uris = (0..<Int(count)).compactMap { files[$0].flatMap(LaunchedFile.uri(of:)) }
            Log.gtkWidgets.debug("open: \(uris.joined(separator: " "))")
            handler(uris)
        })
    }

    /// Runs the application: registers it, then either runs the main loop as the primary
    /// instance or forwards `arguments` to the running one. Returns the exit status.
    /// `arguments` is the program name followed by URIs or file paths.
    public func run(arguments: [String] = [CommandLine.arguments[0]]) -> Int32 {
        MainLoop.joinMainQueue()
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { argv in
            g_application_run(application, Int32(argv.count), argv.baseAddress)
        }
    }

    /// Ties `window` to the application: it keeps the app running while open, and the app
    /// quits when the last such window closes.
    public func add(_ window: Window) {
        gtk_application_add_window(reference.pointer, window.window)
        windows.append(window)
        let key = ObjectIdentifier(window)
        closeObservations[key] = window.onClosed { [weak self] in
            self?.windows.removeAll { ObjectIdentifier($0) == key }
            self?.closeObservations[key] = nil
        }
    }

    /// The open windows added with `add(_:)`.
    public var openWindows: [Window] { windows }

    /// Keeps the app running while no window is open (it would otherwise end `run()` as soon
    /// as it starts without one), until the returned observation is cancelled or dropped:
    /// `Automation` waits so for WebDriver to ask for the first window.
    public func hold() -> Observation {
        g_application_hold(application)
        return Observation { [reference] in g_application_release(reference.cast()) }
    }

    /// Ends `run()` now, whatever windows are open.
    public func quit() {
        g_application_quit(application)
    }

    private var application: UnsafeMutablePointer<GApplication> { reference.cast() }
}
