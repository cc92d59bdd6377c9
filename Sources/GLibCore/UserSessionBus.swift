import CGLib

/// The user's session bus, where the desktop's services (the portal, the file manager, the
/// notification server) answer.
@MainActor
package enum UserSessionBus {
    /// GLib's shared connection to the session bus, kept by the reference; throws when the
    /// process has no session bus.
    package static func connection() throws(GLibError) -> ObjectReference<GObject> {
        guard let bus = try throwingGError({ g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }) else {
            throw GLibError(domain: "UserSessionBus", code: 0, message: "no session bus")
        }
        return ObjectReference(adopting: UnsafeMutablePointer(bus))
    }
}
