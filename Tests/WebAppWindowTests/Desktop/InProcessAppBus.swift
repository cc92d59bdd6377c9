import Foundation
import TestHelpers

/// The session bus of the `WebApplication`s these tests run in their own process: one for the
/// whole process, never stopped, since GIO keeps its first session connection for the
/// process's life, and an app registered after that bus went away finds the connection closed.
/// The app's lookups (colour scheme, registration) stay off the real session.
enum InProcessAppBus {
    nonisolated(unsafe) private static var bus: SessionBus?

    /// Sets `DBUS_SESSION_BUS_ADDRESS` to the process's bus; the function returned puts the
    /// previous value back (a sandboxed web process started later binds the bus's socket, and
    /// WebKit aborts the whole process when that path is gone).
    static func use() throws -> () -> Void {
        let bus = try bus ?? SessionBus()
        Self.bus = bus
        let previous = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        return { if let previous { setenv("DBUS_SESSION_BUS_ADDRESS", previous, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") } }
    }
}
