import Dispatch
import FoundationEssentials
import CGLib
import GLibCore

/// Whether the XDG desktop portal (`DesktopPortal.service`) is on the session bus,
/// and which of its interfaces it serves: file choosers, notifications, settings (the colour
/// scheme) and opening URIs go through it first.
public enum PortalStatus: Sendable, Equatable, CustomStringConvertible {
    /// No session bus could be reached, with why.
    case noSessionBus(String)
    /// The bus has no portal running and none it can start.
    case absent
    /// Not running, but the bus starts it on first use.
    case startsOnDemand
    /// Running, serving these portal interfaces (`DesktopPortal.interfacePrefix` and a name).
    case running(interfaces: [String])
    /// The bus did not answer within the bound, with what failed.
    case noAnswer(String)

    /// The portal's bus name.
    public static var service: String { DesktopPortal.service }

    /// The status as a phrase.
    public var description: String {
        switch self {
        case .noSessionBus(let why): tr("no session bus ({reason})", ["reason": why])
        case .absent: tr("absent: {service} is not on the session bus (file choosers and notifications use GTK’s own)", ["service": Self.service])
        case .startsOnDemand: tr("not running; the session bus starts {service} on first use", ["service": Self.service])
        case .running(let interfaces):
            tr("running, {count} interface: {interfaces}", "running, {count} interfaces: {interfaces}", count: interfaces.count,
               ["interfaces": interfaces.map { $0.replacing(DesktopPortal.interfacePrefix, with: "") }.joined(separator: ", ")])
        case .noAnswer(let what): tr("no answer from the session bus ({reason})", ["reason": what])
        }
    }

    /// Asks the session bus at `address` (else `DBUS_SESSION_BUS_ADDRESS`, else the user's
    /// `$XDG_RUNTIME_DIR/bus`), the connection and each call bounded by `timeout` seconds;
    /// starts nothing (no bus is autolaunched, no service activated).
    @MainActor
    package static func probe(address given: String?, timeout: Double) -> PortalStatus {
        let environment = ProcessInfo.processInfo.environment
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        guard let address = given ?? environment["DBUS_SESSION_BUS_ADDRESS"]
                ?? runtimeBus.flatMap({ FileManager.default.fileExists(atPath: $0) ? "unix:path=" + $0 : nil }) else {
            return .noSessionBus("DBUS_SESSION_BUS_ADDRESS is not set")
        }
        let cancellable = g_cancellable_new()!
        defer { g_object_unref(cancellable) }
        // Connecting blocks; a bus that accepts and never answers is cut off at the bound.
        // The timer holds its own reference: it fires after this call returned, too.
        nonisolated(unsafe) let cancel = g_object_ref(UnsafeMutableRawPointer(cancellable))
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            g_cancellable_cancel(cancel?.assumingMemoryBound(to: GCancellable.self))
            g_object_unref(cancel)
        }
        let bus: OpaquePointer
        do {
            let flags = GDBusConnectionFlags(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                             | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            guard let connection = try throwingGError({
                g_dbus_connection_new_for_address_sync(address, flags, nil, cancellable, $0)
            }) else {
                return .noSessionBus("none at \(address)")
            }
            bus = connection
        } catch {
            return .noSessionBus(error.message)
        }
        defer {
            g_dbus_connection_close_sync(bus, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(bus))
        }
        let names = BusNames(bus: bus, timeout: timeout)
        do {
            guard try names.isOwned(service) else { return try names.isActivatable(service) ? .startsOnDemand : .absent }
            let xml = try names.introspection(of: service, at: DesktopPortal.path)
            return .running(interfaces: Self.interfaces(inIntrospection: xml))
        } catch {
            return .noAnswer(error.message)
        }
    }

    /// The portal's interface names in introspection XML, sorted.
    static func interfaces(inIntrospection xml: String) -> [String] {
        xml.split(separator: "<interface name=\"", omittingEmptySubsequences: false).dropFirst()
            .compactMap { $0.split(separator: "\"").first.map(String.init) }
            .filter { $0.hasPrefix(DesktopPortal.interfacePrefix) }
            .sorted()
    }
}
