import Foundation
import TestHelpers
import XCTest

/// Two launches of a small `Application` on a private D-Bus session bus: the second
/// hands its URIs to the first and exits.
final class SingleInstanceTests: XCTestCase {
    private var probe: URL {
        // The executables SwiftPM built sit in the test bundle's directory (or next to it).
        let bundle = Bundle(for: Self.self).bundleURL
        let directory = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        return directory.appendingPathComponent("ApplicationProbe")
    }

    func testSecondLaunchHandsItsURIsToTheFirstAndExits() throws {
        let bus = try SessionBus()
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment.merge(AccessibilityBus.absent) { $1 } // no accessibility bus lookups either
        let id = "io.github.webviewhost.Probe.T\(UInt32.random(in: 0...UInt32.max))"
        let workingDirectory = FileManager.default.currentDirectoryPath

        let first = try AppProcess(probe, [id], environment: environment, capturingErrors: false)
        let activated = try XCTUnwrap(first.waitForLine { $0.hasPrefix("activated ") }, "first launch never activated: \(first.lines)")
        let firstPID = activated.split(separator: " ")[1]

        // A launch that asks not to be unique opens its URI itself and leaves the primary alone.
        let separate = try AppProcess(probe, ["--separate", id, "http://127.0.0.1:9/private"], environment: environment, capturingErrors: false)
        XCTAssertNotNil(separate.waitForExit(), "the separate launch kept running")
        XCTAssertEqual(separate.lines.first, "opened \(separate.pid) http://127.0.0.1:9/private")

        let second = try AppProcess(probe, [id, "http://127.0.0.1:9/handed-over", "notes.html"], environment: environment, capturingErrors: false)
        XCTAssertNotNil(second.waitForExit(), "the second launch kept running")
        XCTAssertEqual(second.process.termination, .exited(0))
        XCTAssertEqual(second.lines, ["exited \(second.pid) 0"], "the second launch did work of its own")

        let opened = first.waitForLine { $0.hasPrefix("opened ") }
        XCTAssertEqual(opened, "opened \(firstPID) http://127.0.0.1:9/handed-over file://\(workingDirectory)/notes.html")

        // The open closed the primary's only window, so it quits by itself.
        XCTAssertNotNil(first.waitForExit(), "the primary instance did not quit after its last window closed")
        XCTAssertEqual(first.process.termination, .exited(0))
        XCTAssertEqual(first.lines, ["activated \(firstPID)",
                                     "opened \(firstPID) http://127.0.0.1:9/handed-over file://\(workingDirectory)/notes.html",
                                     "exited \(firstPID) 0"])
    }
}
