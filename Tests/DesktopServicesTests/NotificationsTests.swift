import Foundation
import TestHelpers
import XCTest

/// `Notifications` in a real app process on a private session bus, against a fake
/// `org.freedesktop.Notifications` server run by the test: what the desktop is asked to show,
/// and the user's clicks coming back to Swift. (A page's notifications, which need the web
/// view, are the window layer's: `PageNotificationsTests`.)
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
}

/// The probe app, launched on the test's private bus.
enum Probe {
    static func launch(on bus: SessionBus, _ arguments: String...) throws -> AppProcess {
        try ProbeApp.launch("DesktopServicesProbe", for: NotificationsTests.self, on: bus, arguments)
    }
}
