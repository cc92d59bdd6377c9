import Foundation
import XCTest

/// A D-Bus session bus of the test's own, so single-instance tests need no
/// `dbus-run-session` around them and cannot meet another test's app. Its configuration
/// lists no service directories, so nothing (portals, accessibility) starts on it.
public final class SessionBus {
    public let address: String
    private let daemon: AppProcess
    private let directory = TestDirectory()

    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
            throw HarnessError("dbus-daemon is not installed (apt-get install dbus)")
        }
        let configuration = directory.write("session.conf", """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(directory.url.path)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """)
        daemon = try AppProcess(URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
                                ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"],
                                environment: ProcessInfo.processInfo.environment)
        address = try XCTUnwrap(daemon.waitForLine { $0.hasPrefix("unix:") }, "dbus-daemon gave no address: \(daemon.printed)")
    }
}
