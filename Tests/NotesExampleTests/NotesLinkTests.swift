import Foundation
import TestHelpers
import XCTest

/// The notes example's own URL scheme on a desktop of the test's own: its desktop entry, as
/// `Plugins/PackageDeb/desktop-entry.py` writes it for the package, in a private XDG data directory;
/// `gio open webviewhost-notes://add?text=…` reaches the running app (or starts it), the note is
/// stored by the Swift callback, the page lists it on the `url` event, and a desktop
/// notification (to a fake notification server on the private bus) says so.
final class NotesLinkTests: GTKTestCase {
    private static let id = "io.github.webviewhost.NotesExample"

    func testGioOpenOfTheAppsSchemeReachesTheRunningAppAndStartsItWhenNoneRuns() {
        gtkTest(timeout: 180) {
            let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
            try Self.installDesktopEntry(for: host)
            let server = try FakeNotificationServer(on: host.bus)
            let file = host.home.url.appendingPathComponent("data/\(Self.id)/notes.json")
            func stored() throws -> [String] {
                try (JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            }

            let first = try host.launch()
            try await Self.window("Notes (0)", of: first)
            try Self.gioOpen("webviewhost-notes://add?text=Call%20Ada", host)
            try await Self.window("Notes (1)", of: first)
            XCTAssertEqual(try stored(), ["Call Ada"])
            try await eventually(timeout: 20, "the notification was shown: \(first.printed)") { !server.notifications.isEmpty }
            XCTAssertEqual(server.notifications[0].summary, "Note added")
            XCTAssertEqual(server.notifications[0].appName, "Notes", "the app's name, not its executable's")
            XCTAssertEqual(server.notifications[0].body, "Call Ada")
            let show = try XCTUnwrap(server.notifications[0].key(labelled: "Show"), "\(server.notifications[0].actions)")
            // "Show" raises the window the note is in (and its page hears it): no new window opens.
            try server.invoke(server.notifications[0].id, show)
            try await settle(milliseconds: 800)
            XCTAssertTrue(first.process.isRunning, first.printed)
            XCTAssertEqual(try X11Windows.named("Notes (1)").count, 1, "the answer opened another window")

            // Any other link of the scheme is ignored, and said so; the app runs on.
            try Self.gioOpen("webviewhost-notes://elsewhere", host)
            try await eventually(timeout: 20, "the odd link was reported: \(first.printed)") {
                first.printed.contains("ignored the link webviewhost-notes://elsewhere")
            }
            XCTAssertEqual(try X11Windows.named("Notes (1)").count, 1, "the link opened a window")
            let window = try XCTUnwrap(try X11Windows.named("Notes (1)").first)
            try X11Windows.press("ctrl+q", in: window)
            try await eventually(timeout: 20, "the app quit") { !first.process.isRunning }

            // No app running: the link starts it.
            try Self.gioOpen("webviewhost-notes://add?text=Water%20the%20plants", host)
            try await eventually(timeout: 60, "the link started the app with the note") {
                (try? X11Windows.named("Notes (2)"))?.isEmpty == false
            }
            XCTAssertEqual(try stored(), ["Call Ada", "Water the plants"])
            let started = try XCTUnwrap(try X11Windows.named("Notes (2)").first)
            try X11Windows.press("ctrl+q", in: started)
            try await eventually(timeout: 20, "the started app quit") { (try? X11Windows.named("Notes (2)"))?.isEmpty == true }
        }
    }

    /// The example's desktop entry with its scheme, starting the built app, where GIO looks.
    private static func installDesktopEntry(for host: HostLauncher) throws {
        let applications = host.home.url.appendingPathComponent("data/applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        let source = InstalledApp.packageRoot.appendingPathComponent("Examples/NotesApp/data/\(id).desktop")
        let written = try runTool("/usr/bin/python3", [
            InstalledApp.packageRoot.appendingPathComponent("Plugins/PackageDeb/desktop-entry.py").path, source.path,
            applications.appendingPathComponent("\(id).desktop").path, "--url-scheme", "webviewhost-notes",
            "--exec", host.executable.path,
        ])
        XCTAssertEqual(written.status, 0, written.output)
        let database = try runTool("/usr/bin/update-desktop-database", [applications.path])
        XCTAssertEqual(database.status, 0, database.output)
        let cache = try String(contentsOf: applications.appendingPathComponent("mimeinfo.cache"), encoding: .utf8)
        XCTAssertTrue(cache.contains("x-scheme-handler/webviewhost-notes=\(id).desktop"), cache)
    }

    /// `gio open uri` on the test's desktop: its bus, its XDG directories, the app's page files.
    private static func gioOpen(_ uri: String, _ host: HostLauncher) throws {
        var environment = host.environment
        let opened = try runTool("/usr/bin/gio", ["open", uri], environment: environment)
        XCTAssertEqual(opened.status, 0, "gio open \(uri): \(opened.output)")
    }

    /// Waits, with the loop running, for `app`'s window titled `title`.
    @MainActor
    private static func window(_ title: String, of app: AppProcess) async throws {
        try await eventually(timeout: 60, "no window \(title): \(app.printed)") { (try? X11Windows.named(title))?.isEmpty == false }
    }
}
