import Foundation
import LoopTestHelpers

/// A small probe app of the package's tests, launched on a test's private session bus.
public enum ProbeApp {
    /// Starts the built executable `name` (found beside `testCase`'s bundle) with a fresh
    /// application id and `arguments` on `bus`, its notifications going to the freedesktop
    /// server (as outside a sandbox on a desktop other than GNOME Shell).
    public static func launch(_ name: String, for testCase: AnyClass, on bus: SessionBus, _ arguments: [String]) throws -> AppProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment.merge(AccessibilityBus.absent) { $1 }
        environment["GNOTIFICATION_BACKEND"] = nil
        let id = "io.github.webviewhost.\(name).T\(UInt32.random(in: 0...UInt32.max))"
        return try AppProcess(try HostLauncher.builtExecutable(name, for: testCase), [id] + arguments, environment: environment,
                              keepingAlive: [bus])
    }
}
