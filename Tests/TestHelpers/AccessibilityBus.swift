import Foundation
import XCTest

/// The accessibility bus of a test's own private session bus, as a desktop session has one:
/// at-spi2-core's `at-spi-bus-launcher` owns `org.a11y.Bus` there, starts the bus, and the
/// registry (`at-spi2-registryd`) starts on it when a screen reader first asks. Apps on the
/// session bus with the toolkit's bridge on (`joined(_:)`) find it through `org.a11y.Bus` and
/// register their windows; `AccessibilityTree` reads them.
public final class AccessibilityBus {
    /// The session bus the launcher owns `org.a11y.Bus` on.
    public let session: SessionBus
    /// The accessibility bus's own address, as `org.a11y.Bus.GetAddress` gives it.
    public let address: String
    private let launcher: AppProcess
    /// The launcher's runtime directory, where it makes the bus's socket.
    private let runtime = TestDirectory()

    public init(on session: SessionBus) throws {
        let executable = URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HarnessError("at-spi-bus-launcher is not installed (apt-get install at-spi2-core)")
        }
        self.session = session
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = session.address
        // Without a display the launcher leaves the X root window alone: with one it would
        // name its bus in `AT_SPI_BUS` there, for every later app of the tests' display.
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["AT_SPI_BUS_ADDRESS"] = nil
        // Without a runtime directory of its own, every launcher without a display makes its
        // socket at ~/.cache/at-spi/bus, and one ending (another test's, another run's on
        // the machine) removes the socket of the one still running: later connections fail.
        environment["XDG_RUNTIME_DIR"] = runtime.url.path
        launcher = try AppProcess(executable, ["--launch-immediately"], environment: environment)
        let asked = poll(timeout: 15) { () -> String? in
            let reply = try? runTool("/usr/bin/dbus-send", ["--bus=\(session.address)", "--print-reply",
                                                             "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"])
            return reply?.status == 0 && reply?.output.contains("unix:") == true ? reply?.output : nil
        }
        guard let reply = asked, let quoted = reply.split(separator: "\"").dropFirst().first else {
            throw HarnessError("at-spi-bus-launcher gave no accessibility bus: \(launcher.printed)")
        }
        address = String(quoted)
    }

    deinit { launcher.process.stop() }
}
