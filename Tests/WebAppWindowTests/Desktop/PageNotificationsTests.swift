import Foundation
import TestHelpers
import XCTest

/// A page's `new Notification(…)` through the window layer's `PageNotifications`, in a probe
/// app on a private session bus with a fake notification server.
final class PageNotificationsTests: GTKTestCase {
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
            let app = try ProbeApp.launch("PageNotificationsProbe", for: Self.self, on: bus, [page.url.path])
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
