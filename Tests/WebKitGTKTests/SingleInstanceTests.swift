import Foundation
import TestHelpers
import XCTest

/// A child process whose stdout lines the test can wait for.
private final class ChildProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var buffer = ""

    init(_ executable: URL, _ arguments: [String], environment: [String: String], discardingErrors: Bool = false) throws {
        process.executableURL = executable
        if discardingErrors { process.standardError = FileHandle.nullDevice }
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self, !chunk.isEmpty else { return }
            lock.withLock { buffer += String(decoding: chunk, as: UTF8.self) }
        }
        try process.run()
    }

    var lines: [String] { lock.withLock { buffer.split(separator: "\n").map(String.init) } }

    /// Waits until a line satisfies `match`; returns it, or nil on timeout.
    func waitForLine(timeout: TimeInterval = 15, _ match: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = lines.first(where: match) { return line }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// Waits for the process to end; false on timeout (the process is then killed).
    func waitForExit(timeout: TimeInterval = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate(); process.waitUntilExit(); return false }
        return true
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }
}

/// Two launches of a small `Application` on a private D-Bus session bus: the second
/// hands its URIs to the first and exits.
final class SingleInstanceTests: XCTestCase {
    private var bus: ChildProcess?

    private let busDirectory = TestDirectory()

    /// A session bus of the test's own, so the test needs no `dbus-run-session` around it.
    /// Its configuration lists no service directories, so nothing (portals, accessibility)
    /// is started on it behind the test's back.
    private func startBus() throws -> String {
        let configuration = busDirectory.write("session.conf", """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(busDirectory.url.path)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """)
        let bus = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
                                   ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"],
                                   environment: ProcessInfo.processInfo.environment,
                                   discardingErrors: true) // a harmless complaint about its fd limit
        self.bus = bus
        return try XCTUnwrap(bus.waitForLine { $0.hasPrefix("unix:") }, "dbus-daemon gave no address")
    }

    override func tearDown() {
        bus = nil
        super.tearDown()
    }

    private var probe: URL {
        // The executables SwiftPM built sit in the test bundle's directory (or next to it).
        let bundle = Bundle(for: Self.self).bundleURL
        let directory = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        return directory.appendingPathComponent("ApplicationProbe")
    }

    func testSecondLaunchHandsItsURIsToTheFirstAndExits() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
            throw XCTSkip("dbus-daemon is not installed (apt-get install dbus)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = try startBus()
        environment["NO_AT_BRIDGE"] = "1" // no accessibility bus lookups either
        let id = "io.github.webviewhost.Probe.T\(UInt32.random(in: 0...UInt32.max))"
        let workingDirectory = FileManager.default.currentDirectoryPath

        let first = try ChildProcess(probe, [id], environment: environment)
        let activated = try XCTUnwrap(first.waitForLine { $0.hasPrefix("activated ") }, "first launch never activated: \(first.lines)")
        let firstPID = activated.split(separator: " ")[1]

        // A launch that asks not to be unique opens its URI itself and leaves the primary alone.
        let separate = try ChildProcess(probe, ["--separate", id, "http://127.0.0.1:9/private"], environment: environment)
        XCTAssertTrue(separate.waitForExit(), "the separate launch kept running")
        XCTAssertEqual(separate.lines.first, "opened \(separate.process.processIdentifier) http://127.0.0.1:9/private")

        let second = try ChildProcess(probe, [id, "http://127.0.0.1:9/handed-over", "notes.html"], environment: environment)
        XCTAssertTrue(second.waitForExit(), "the second launch kept running")
        XCTAssertEqual(second.process.terminationStatus, 0)
        XCTAssertEqual(second.lines, ["exited \(second.process.processIdentifier) 0"], "the second launch did work of its own")

        let opened = first.waitForLine { $0.hasPrefix("opened ") }
        XCTAssertEqual(opened, "opened \(firstPID) http://127.0.0.1:9/handed-over file://\(workingDirectory)/notes.html")

        // The open closed the primary's only window, so it quits by itself.
        XCTAssertTrue(first.waitForExit(), "the primary instance did not quit after its last window closed")
        XCTAssertEqual(first.process.terminationStatus, 0)
        XCTAssertEqual(first.lines, ["activated \(firstPID)",
                                     "opened \(firstPID) http://127.0.0.1:9/handed-over file://\(workingDirectory)/notes.html",
                                     "exited \(firstPID) 0"])
    }
}
