import Foundation
import TestHelpers
import XCTest

/// `Notifications` and `PageNotifications` in a real app process on a private session bus,
/// against a fake `org.freedesktop.Notifications` server run by the test: what the desktop
/// is asked to show, and the user's clicks coming back to Swift and to the page.
final class NotificationsTests: GTKTestCase {
    func testANotificationReachesTheServerAndItsButtonsComeBackToSwift() {
        gtkTest(timeout: 90) {
            let bus = try SessionBus()
            let server = try FakeNotificationServer(on: bus)
            let app = try Probe.launch(on: bus, "notify")
            try await eventually(timeout: 30, "the server was asked to show the notification: \(app.printed)") {
                !server.notifications.isEmpty
            }
            let shown = server.notifications[0]
            XCTAssertEqual(shown.summary, "Note saved")
            XCTAssertEqual(shown.appName, "Probe", "the app's name, not its executable's")
            XCTAssertEqual(shown.body, "Groceries: milk, eggs")
            XCTAssertTrue(shown.appIcon == "document-save" || shown.hints.contains("document-save"), "no icon: \(shown.hints)")
            XCTAssertEqual(shown.replacesID, 0)
            XCTAssertEqual(shown.actions.count, 6, "a click and two buttons: \(shown.actions)")
            XCTAssertTrue(shown.hints.contains("'urgency': <byte 0x02>"), "urgent priority: \(shown.hints)")
            XCTAssertTrue(shown.actions.contains("default"), "no default action: \(shown.actions)")

            // The click, then each button, each on the notification shown again after the answer.
            try server.invoke(shown.id, "default")
            try await eventually(timeout: 20, "the click reached Swift") { app.lines.contains("response saved default") }
            try await eventually(timeout: 20, "shown again") { server.notifications.count == 2 }
            let again = server.notifications[1]
            try server.invoke(again.id, try XCTUnwrap(again.key(labelled: "Snooze"), "\(again.actions)"))
            try await eventually(timeout: 20, "the button reached Swift") { app.lines.contains("response saved snooze") }
            try await eventually(timeout: 20, "shown a third time") { server.notifications.count == 3 }
            let third = server.notifications[2]
            try server.invoke(third.id, try XCTUnwrap(third.key(labelled: "Quit")))
            try await eventually(timeout: 20, "the app quit on its button") { app.lines.contains("exited 0") }
            XCTAssertEqual(app.lines.filter { $0.hasPrefix("response ") },
                           ["response saved default", "response saved snooze", "response saved quit"], app.printed)
            XCTAssertFalse(app.lines.contains { $0.hasPrefix("failed") }, app.printed)
        }
    }

    /// No notification server on the bus: the notification is not shown, and nothing waits for it.
    func testWithoutAServerSendingNeitherFailsNorHangs() {
        gtkTest(timeout: 60) {
            let bus = try SessionBus()
            let app = try Probe.launch(on: bus, "notify-and-quit")
            try await eventually(timeout: 30, "the app sent and quit: \(app.printed)") { app.lines.contains("exited 0") }
            XCTAssertTrue(app.lines.contains("sent"), app.printed)
            XCTAssertFalse(app.lines.contains { $0.hasPrefix("failed") }, app.printed)
        }
    }

    /// The app's own page says `new Notification(…)`: the desktop shows it under the app, a
    /// click fires the page's `click` event and raises the window, and the page's `close()`
    /// takes its next one off the desktop.
    func testThePagesNotificationIsTheAppsAndItsClickReachesThePage() {
        gtkTest(timeout: 90) {
            let bus = try SessionBus()
            let server = try FakeNotificationServer(on: bus)
            let page = TestDirectory()
            page.write("index.html", #"<!DOCTYPE html><title>start</title><script src="page.js"></script>"#)
            page.write("page.js", """
                Notification.requestPermission().then(() => {
                  const note = new Notification("Reminder", { body: "Water the plants", tag: "plants" });
                  note.onshow = () => { document.title = "shown"; };
                  note.onclick = () => {
                    document.title = "clicked";
                    const brief = new Notification("Gone soon", { tag: "brief" });
                    brief.onshow = () => setTimeout(() => { brief.close(); setTimeout(() => { document.title = "done"; }, 500); }, 1000);
                  };
                });
                """)
            let app = try Probe.launch(on: bus, "page", page.url.path)
            try await eventually(timeout: 30, "the page's notification reached the server: \(app.printed)") {
                !server.notifications.isEmpty
            }
            let shown = server.notifications[0]
            XCTAssertEqual(shown.summary, "Reminder")
            XCTAssertEqual(shown.body, "Water the plants")
            try await eventually(timeout: 20, "the page heard it was shown: \(app.printed)") {
                app.lines.contains("title shown")
            }
            try server.invoke(shown.id, "default")
            try await eventually(timeout: 20, "the click reached the page: \(app.printed)") { app.lines.contains("title clicked") }
            XCTAssertTrue(app.lines.contains("presented"), "the window was not raised: \(app.printed)")
            try await eventually(timeout: 20, "the page's second notification reached the server") {
                server.notifications.count == 2
            }
            XCTAssertEqual(server.notifications[1].summary, "Gone soon")
            try await eventually(timeout: 20, "the page's close() reached the server") { server.closed == [server.notifications[1].id] }
            try await eventually(timeout: 20, "the app quit: \(app.printed)") { app.lines.contains("exited 0") }
        }
    }
}

/// The probe app, launched on the test's private bus.
enum Probe {
    static func launch(on bus: SessionBus, _ arguments: String...) throws -> AppProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["NO_AT_BRIDGE"] = "1"
        // The freedesktop server, as outside a sandbox on a desktop other than GNOME Shell.
        environment["GNOTIFICATION_BACKEND"] = nil
        let id = "io.github.webviewhost.DesktopProbe.T\(UInt32.random(in: 0...UInt32.max))"
        return try AppProcess(try HostLauncher.builtExecutable("DesktopServicesProbe", for: NotificationsTests.self),
                              [id] + arguments, environment: environment, keepingAlive: [bus])
    }
}
