import CWebKitGTKHelpers
import WebKitGTK

extension SessionBus {
    /// A new connection of the test's own to this bus (a `GDBusConnection` the caller owns):
    /// fake services and observers talk on it without touching the process's session bus.
    @MainActor
    public func connect() throws -> OpaquePointer {
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        return try throwingGError { g_dbus_connection_new_for_address_sync(address, flags, nil, nil, $0) }!
    }
}
