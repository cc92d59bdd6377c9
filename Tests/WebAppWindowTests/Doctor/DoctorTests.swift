import CWebKitGTKHelpers
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// `Doctor.report` on this machine: real values, and bounded when the bus is absent or mute.
final class DoctorTests: GTKTestCase {
    func testTheReportStatesThisMachinesLibrariesSandboxMediaAndDisplay() throws {
        let bus = try SessionBus()
        let home = TestDirectory()
        gtkTest(timeout: 90) {
            let directories = XDGDirectories(applicationID: "org.example.Doctor", home: home.url.path)
            let report = Doctor.report(applicationID: "org.example.Doctor", sandbox: SandboxPolicy(),
                                       directories: directories, sessionBusAddress: bus.address)
            let webKit = "\(webkit_get_major_version()).\(webkit_get_minor_version()).\(webkit_get_micro_version())"
            XCTAssertEqual(report.webKitVersion, webKit)
            XCTAssertEqual(report.gtkVersion, "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())")
            XCTAssertEqual(report.sandboxDecision, .sandboxed)
            XCTAssertNil(report.sandbox.problem)
            // The private test bus has no portal and activates none.
            XCTAssertEqual(report.portal, .absent)
            XCTAssertEqual(report.displayServer, .x11)
            XCTAssertEqual(report.displayName, ProcessInfo.processInfo.environment["DISPLAY"])
            let media = try XCTUnwrap(report.media.available, report.media.problem ?? "")
            XCTAssertTrue(media.contains("playbin"))
            XCTAssertEqual(report.media.missingRequired.map(\.name), [])
            // The cure follows the machine: without a render node, the compositing switch.
            XCTAssertEqual(report.blankWindowCure?.variable,
                           report.renderNodes.isEmpty ? "WEBKIT_DISABLE_COMPOSITING_MODE" : report.blankWindowCure?.variable)

            let lines = report.description.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.first, "WebKitGTK: \(webKit)")
            // The toolkit the package trait chose, as a bug report must name it.
            #if GTK4
            let toolkit = #"^toolkit: GTK 4, libadwaita \d+\.\d+\.\d+, WebKitGTK 6\.0 \(package trait GTK4\)$"#
            #else
            let toolkit = #"^toolkit: GTK 3, WebKitGTK 4\.1 \(package trait GTK3\)$"#
            #endif
            XCTAssertTrue(lines.contains { $0.range(of: toolkit, options: .regularExpression) != nil }, report.description)
            XCTAssertTrue(lines.contains { $0.hasPrefix("sandbox: on: ") }, report.description)
            XCTAssertTrue(lines.contains { $0.hasPrefix("portal: absent: ") }, report.description)
            XCTAssertTrue(lines.contains { $0.hasPrefix("media: \(media.count) GStreamer elements; all 9 the player needs") },
                          report.description)
            XCTAssertTrue(lines.contains { $0.hasPrefix("display: X11 ") }, report.description)
            XCTAssertTrue(lines.contains("data: website data \(directories.websiteData.dataDirectory.path)"), report.description)
            XCTAssertTrue(lines.contains { $0.hasPrefix("  if a window stays blank: ") }, report.description)
        }
    }

    func testARefusedSandboxIsReportedWithItsReason() {
        let missing = TestDirectory().url.appendingPathComponent("bwrap").path
        gtkTest {
            setenv(WebProcessSandbox.bubblewrapPathVariable, missing, 1)
            defer { unsetenv(WebProcessSandbox.bubblewrapPathVariable) }
            let report = Doctor.report(applicationID: "org.example.Doctor", sandbox: SandboxPolicy(),
                                       sessionBusAddress: "unix:path=/nonexistent/bus", mediaTimeout: 30)
            XCTAssertTrue(report.description.contains("sandbox: cannot start: bubblewrap (bwrap) is not installed at \(missing)"),
                          report.description)
            XCTAssertTrue(report.description.contains("bwrap: \(missing) (missing)"), report.description)
            guard case .noSessionBus = report.portal else { return XCTFail("\(report.portal)") }
        }
    }

    /// A bus socket that accepts and never answers: the report comes within the bound.
    func testAMuteBusDoesNotHangTheReport() throws {
        let directory = TestDirectory()
        let path = directory.url.appendingPathComponent("mute-bus").path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            _ = path.utf8CString.withUnsafeBytes { buffer.copyMemory(from: $0) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(listener, 4), 0)
        gtkTest(timeout: 60) {
            let clock = ContinuousClock()
            let start = clock.now
            let report = Doctor.report(applicationID: "org.example.Doctor", sandbox: SandboxPolicy(requirement: .off),
                                       sessionBusAddress: "unix:path=\(path)", timeout: 1, mediaTimeout: 30)
            guard case .noSessionBus = report.portal else { return XCTFail("\(report.portal)") }
            #if GTK4
            let sandbox = "sandbox: on: web processes run in bubblewrap; web content stays in the sandbox although the app's setting "
                + "turns it off: WebKitGTK 6.0 cannot run it unconfined"
            #else
            let sandbox = "sandbox: off: web content runs without the sandbox (turned off by the app's setting)"
            #endif
            XCTAssertTrue(report.description.contains(sandbox), report.description)
            XCTAssertLessThan(clock.now - start, .seconds(40))
        }
    }
}
