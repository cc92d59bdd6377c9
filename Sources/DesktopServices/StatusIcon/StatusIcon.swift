import CGLib
import FoundationEssentials
import GLibCore
import GLibLog
import GtkWidgets

/// The app's status (tray) icon: a StatusNotifierItem with a menu, over GDBus alone.
///
/// It serves `org.kde.StatusNotifierItem` at `/StatusNotifierItem` and its menu as
/// `com.canonical.dbusmenu` at `/MenuBar` on the app's own session-bus connection, owns a name
/// of its own (`org.kde.StatusNotifierItem-<pid>-<n>`), and registers that name with the
/// panel's `org.kde.StatusNotifierWatcher` whenever one is on the bus: at once, and again
/// when the watcher restarts (the panel restarting), so the icon comes back by itself. With no
/// watcher the icon waits, invisible, and nothing blocks. `remove()`, dropping the icon, or the
/// application shutting down takes it off the bus: the panel sees the name go and drops the icon.
///
/// A left click is `onActivate` (show the main window, usually); the panel opens the menu on a
/// right click and runs the item picked.
@MainActor
public final class StatusIcon {
    /// Why the icon cannot be put on the bus.
    public enum StartError: Error {
        /// The application is not registered on the session bus yet (make the icon in `onStartup`),
        /// or there is no session bus.
        case notOnTheBus
        /// The bus refused to serve the icon's objects (another icon of this process at the same path).
        case export(GLibError)
    }

    /// What the icon says about the app, which panels may use to show or hide it.
    public enum Status: String, Sendable {
        /// Shown as usual.
        case active = "Active"
        /// Nothing to show now: panels may hide it.
        case passive = "Passive"
        /// Wants the user's attention (panels may blink or highlight it).
        case needsAttention = "NeedsAttention"
    }

    /// The themed icon name shown in the panel (the app's id by default).
    public var iconName: String { didSet { announce("NewIcon") } }
    /// A short name of the app, for the panel's lists: the application's `name` by default.
    public var title: String { didSet { announce("NewTitle") } }
    /// The text of the icon's tooltip.
    public var tooltip: String { didSet { announce("NewToolTip") } }
    /// Active, passive or asking for attention.
    public var status = Status.active { didSet { announce("NewStatus", [Variants.string(status.rawValue)]) } }
    /// The menu's items, in order.
    public var menu: [StatusMenuItem] { didSet { statusMenu?.replace(with: menu) } }
    /// A left click (or the panel's "activate"), with where on screen it happened (0, 0 when unknown).
    public var onActivate: (@MainActor (_ x: Int, _ y: Int) -> Void)?
    /// A middle click.
    public var onSecondaryActivate: (@MainActor (_ x: Int, _ y: Int) -> Void)?
    /// The mouse wheel over the icon: `delta` steps, `vertical` or not.
    public var onScroll: (@MainActor (_ delta: Int, _ vertical: Bool) -> Void)?
    /// The bus name the icon is registered under.
    public let busName: String
    /// Whether the panel's watcher has accepted the icon (it is being shown).
    public private(set) var isRegistered = false
    /// Why the last registration with a watcher failed, if it did.
    public private(set) var registrationError: GLibError?

    private static var count = 0
    private let id: String
    private let connection: ObjectReference<GObject>
    private var item: DBusExportedObject?
    private var statusMenu: StatusMenu?
    private var nameOwner: guint = 0
    private var watcher: guint = 0
    private var ownsName = false
    private var watcherPresent = false
    private var isRegistering = false
    /// Counts the watchers that appeared, so a registration that went to a watcher since gone is redone.
    private var watcherGeneration = 0
    private var shutdown: SignalConnection?

    /// Puts the icon of `application` (registered: make it in `onStartup`) on the session bus
    /// with `menu`, and registers it with the panel's watcher when there is one.
    public init(application: Application, iconName: String? = nil, title: String? = nil, tooltip: String = "",
                menu: [StatusMenuItem] = []) throws(StartError) {
        let app = application.reference.cast(to: GApplication.self)
        guard g_application_get_is_registered(app) != 0, let bus = g_application_get_dbus_connection(app) else {
            throw .notOnTheBus
        }
        connection = ObjectReference(retaining: UnsafeMutablePointer(bus))
        id = application.id
        self.iconName = iconName ?? application.id
        self.title = title ?? application.name
        self.tooltip = tooltip
        self.menu = menu
        Self.count += 1
        busName = "org.kde.StatusNotifierItem-\(getpid())-\(Self.count)"
        do throws(GLibError) {
            let raw = bus
            statusMenu = try StatusMenu(items: menu, connection: raw)
            item = try DBusExportedObject(
                connection: raw, path: StatusNotifierInterfaces.itemPath, interface: StatusNotifierInterfaces.item,
                xml: StatusNotifierInterfaces.itemXML,
                methods: { [weak self] method, parameters, invocation in self?.answer(method, parameters, invocation) },
                properties: { [weak self] property in self?.value(of: property) })
        } catch {
            statusMenu = nil
            throw .export(error)
        }
        own()
        watch()
        shutdown = Signals.connect(application.reference.raw, "shutdown") { [weak self] in self?.remove() }
    }

    isolated deinit {
        remove()
    }

    /// Takes the icon off the bus now: the panel drops it. Nothing comes back afterwards.
    public func remove() {
        if watcher != 0 { g_bus_unwatch_name(watcher) }
        if nameOwner != 0 { g_bus_unown_name(nameOwner) }
        watcher = 0
        nameOwner = 0
        item = nil
        statusMenu?.remove()
        statusMenu = nil
        isRegistered = false
    }

    // MARK: The bus

    private func own() {
        typealias Changed = @MainActor (Bool) -> Void
        let changed: Changed = { [weak self] owned in
            self?.ownsName = owned
            self?.registerIfReady()
        }
        nameOwner = g_bus_own_name_on_connection(bus, busName, GBusNameOwnerFlags(rawValue: 0), { _, _, data in
            MainActor.assumeIsolated { ClosureBox<Changed>.from(data)(true) }
        }, { _, _, data in
            MainActor.assumeIsolated { ClosureBox<Changed>.from(data)(false) }
        }, ClosureBox.retainedPointer(for: changed), ClosureBox<Changed>.destroyNotify)
    }

    private func watch() {
        typealias Changed = @MainActor (Bool) -> Void
        let changed: Changed = { [weak self] present in
            guard let self else { return }
            watcherPresent = present
            if present { watcherGeneration += 1 } else { isRegistered = false }
            registerIfReady()
        }
        // No flags. Swift files GIO's `GBusNameWatcherFlags` under CGtk (whose headers include
        // GIO's too), which this module does not import, so its initializers are out of reach.
        let noFlags = unsafeBitCast(UInt32(0), to: GBusNameWatcherFlags.self)
        watcher = g_bus_watch_name_on_connection(bus, StatusNotifierInterfaces.watcher, noFlags,
                                                 { _, _, _, data in
            MainActor.assumeIsolated { ClosureBox<Changed>.from(data)(true) }
        }, { _, _, data in
            MainActor.assumeIsolated { ClosureBox<Changed>.from(data)(false) }
        }, ClosureBox.retainedPointer(for: changed), ClosureBox<Changed>.destroyNotify)
    }

    /// Registers with the watcher once both the icon's name is owned and a watcher is there.
    private func registerIfReady() {
        guard ownsName, watcherPresent, !isRegistered, !isRegistering, item != nil else { return }
        isRegistering = true
        let bus = self.bus, name = busName, generation = watcherGeneration
        Task { @MainActor [weak self] in
            defer {
                self?.isRegistering = false
                // The watcher went and came back while the call was out: register with the new one.
                if let self, watcherGeneration != generation {
                    isRegistered = false
                    registerIfReady()
                }
            }
            do throws(GLibError) {
                try await callDBusMethod(on: bus, destination: StatusNotifierInterfaces.watcher,
                                         path: StatusNotifierInterfaces.watcherPath, interface: StatusNotifierInterfaces.watcher,
                                         method: "RegisterStatusNotifierItem", parameters: Variants.tuple([Variants.string(name)]),
                                         timeout: .seconds(5)) { _ in () }
                self?.isRegistered = self?.item != nil && self?.watcherPresent == true
                self?.registrationError = nil
            } catch {
                self?.registrationError = error
                Log.desktopServices.message("status icon: the watcher did not register it: \(error)")
            }
        }
    }

    private func answer(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        g_dbus_method_invocation_return_value(invocation, nil)
        switch method {
        case "Activate": onActivate?(Int(Variants.int32(parameters, 0)), Int(Variants.int32(parameters, 1)))
        case "SecondaryActivate": onSecondaryActivate?(Int(Variants.int32(parameters, 0)), Int(Variants.int32(parameters, 1)))
        case "Scroll": onScroll?(Int(Variants.int32(parameters, 0)), Variants.text(parameters, 1).lowercased() == "vertical")
        default: break // ContextMenu: the panel shows the dbusmenu itself.
        }
    }

    private func value(of property: String) -> OpaquePointer? {
        switch property {
        case "Category": Variants.string("ApplicationStatus")
        case "Id": Variants.string(id)
        case "Title": Variants.string(title)
        case "Status": Variants.string(status.rawValue)
        case "WindowId": Variants.int32(0)
        case "IconName": Variants.string(iconName)
        case "IconThemePath", "OverlayIconName", "AttentionIconName": Variants.string("")
        case "ToolTip":
            Variants.tuple([Variants.string(iconName), Variants.array(of: "(iiay)", []), Variants.string(title),
                            Variants.string(tooltip)])
        case "ItemIsMenu": Variants.bool(false)
        case "Menu": Variants.objectPath(StatusNotifierInterfaces.menuPath)
        default: nil
        }
    }

    /// Tells the panel a property changed, so it reads it again.
    private func announce(_ signal: String, _ arguments: [OpaquePointer?] = []) {
        do {
            try item?.emit(signal, arguments)
        } catch {
            Log.desktopServices.warning("status icon: \(signal) was not sent: \(error)")
        }
    }

    private var bus: OpaquePointer { OpaquePointer(connection.pointer) }
}
