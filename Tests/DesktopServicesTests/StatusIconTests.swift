import CWebKitGTKHelpers
import Foundation
import TestHelpers
import XCTest

/// `StatusIcon` in a real app process on a private session bus, against a fake panel's
/// StatusNotifierWatcher run by the test: the icon registers, its properties and menu read
/// as a panel reads them, a menu click and a left click reach Swift, a restarted watcher gets
/// the icon again, and quitting takes the icon's name off the bus.
final class StatusIconTests: GTKTestCase {
    private static let item = "org.kde.StatusNotifierItem"
    private static let menu = "com.canonical.dbusmenu"

    func testThePanelShowsTheIconReadsItsMenuAndItsClicksReachSwift() {
        gtkTest(timeout: 120) {
            let bus = try SessionBus()
            var watcher: FakeStatusNotifierWatcher? = try FakeStatusNotifierWatcher(on: bus)
            let app = try Probe.launch(on: bus, "status-icon")
            try await eventually(timeout: 30, "the icon registered with the watcher: \(app.printed)") {
                watcher?.registered.isEmpty == false
            }
            let service = try XCTUnwrap(watcher?.registered.first)
            XCTAssertTrue(service.hasPrefix("org.kde.StatusNotifierItem-\(app.pid)-"), service)
            XCTAssertTrue(app.lines.contains("icon \(service)"), app.printed)

            let properties = try XCTUnwrap(watcher).properties(of: service, "/StatusNotifierItem", Self.item)
            XCTAssertEqual(properties["IconName"], "'mail-unread'")
            XCTAssertEqual(properties["Title"], "'Probe'", "the application's name, by default")
            XCTAssertEqual(properties["Status"], "'Active'")
            XCTAssertEqual(properties["Category"], "'ApplicationStatus'")
            XCTAssertEqual(properties["Menu"], "'/MenuBar'")
            XCTAssertEqual(properties["ItemIsMenu"], "false")
            XCTAssertTrue(properties["Id"]?.hasPrefix("'io.github.webviewhost.DesktopServicesProbe.T") == true, "\(properties)")
            XCTAssertTrue(properties["ToolTip"]?.contains("'3 unread'") == true, "\(properties)")
            XCTAssertEqual(try XCTUnwrap(watcher).properties(of: service, "/MenuBar", Self.menu)["Version"], "3")

            let layout = try XCTUnwrap(watcher).call(service, "/MenuBar", Self.menu, "GetLayout",
                                                     [g_variant_new_int32(0), g_variant_new_int32(-1), Self.strings([])])
            XCTAssertTrue(layout.hasPrefix("(1, (0, {'children-display': <'submenu'>}, ["), layout)
            for (id, label) in [(1, "Open"), (3, "Disabled"), (4, "Quit")] {
                XCTAssertTrue(layout.contains("<(\(id), {'label': <'\(label)'>"), "no \(label) as \(id): \(layout)")
            }
            XCTAssertTrue(layout.contains("<(2, {'type': <'separator'>"), layout)
            XCTAssertTrue(layout.contains("'label': <'Disabled'>, 'enabled': <false>"), layout)

            // A click on "Open" runs its handler, which changes the tooltip: the panel is told.
            try XCTUnwrap(watcher).call(service, "/MenuBar", Self.menu, "Event", Self.click(1))
            try await eventually(timeout: 20, "the menu item's handler ran: \(app.printed)") { app.lines.contains("menu open") }
            try await eventually(timeout: 20, "the tooltip changed") {
                (try? watcher?.properties(of: service, "/StatusNotifierItem", Self.item)["ToolTip"])??.contains("'opened'") == true
            }
            // A disabled item does nothing; an item the menu does not have is refused.
            try XCTUnwrap(watcher).call(service, "/MenuBar", Self.menu, "Event", Self.click(3))
            XCTAssertThrowsError(try XCTUnwrap(watcher).call(service, "/MenuBar", Self.menu, "Event", Self.click(99))) {
                XCTAssertTrue("\($0)".contains("InvalidArgs"), "\($0)")
            }
            try XCTUnwrap(watcher).call(service, "/StatusNotifierItem", Self.item, "Activate",
                                        [g_variant_new_int32(10), g_variant_new_int32(20)])
            try await eventually(timeout: 20, "the left click reached Swift: \(app.printed)") { app.lines.contains("activate 10 20") }
            XCTAssertFalse(app.lines.contains("menu disabled"), app.printed)

            // The panel restarts: the icon registers with the new watcher by itself.
            watcher = nil
            try await settle(milliseconds: 300)
            watcher = try FakeStatusNotifierWatcher(on: bus)
            try await eventually(timeout: 30, "the icon registered again: \(app.printed)") { watcher?.registered == [service] }

            // Quitting (its "Quit" item) takes the icon off the bus.
            try XCTUnwrap(watcher).call(service, "/MenuBar", Self.menu, "Event", Self.click(4))
            try await eventually(timeout: 20, "the app quit: \(app.printed)") { app.lines.contains("exited 0") }
            XCTAssertTrue(app.lines.contains("removed \(service)"), "the icon was not taken off on quit: \(app.printed)")
            XCTAssertFalse(try XCTUnwrap(watcher).hasOwner(service))
        }
    }

    /// No panel on the bus: the icon waits, unregistered, and the app is not held up.
    func testWithoutAWatcherTheIconWaitsAndNothingBlocks() {
        gtkTest(timeout: 60) {
            let bus = try SessionBus()
            let app = try Probe.launch(on: bus, "status-icon")
            try await eventually(timeout: 30, "the icon is on the bus: \(app.printed)") {
                app.lines.contains { $0.hasPrefix("icon ") }
            }
            let service = String(try XCTUnwrap(app.lines.first { $0.hasPrefix("icon ") }).dropFirst(5))
            // A watcher coming later gets it.
            let watcher = try FakeStatusNotifierWatcher(on: bus)
            try await eventually(timeout: 30, "the icon registered with the late watcher") { watcher.registered == [service] }
            try watcher.call(service, "/MenuBar", Self.menu, "Event", Self.click(4))
            try await eventually(timeout: 20, "the app quit: \(app.printed)") { app.lines.contains("exited 0") }
        }
    }

    /// A dbusmenu `Event(id, "clicked", <0>, 0)`.
    private static func click(_ id: Int32) -> [OpaquePointer?] {
        [g_variant_new_int32(id), g_variant_new_string("clicked"), g_variant_new_variant(g_variant_new_int32(0)),
         g_variant_new_uint32(0)]
    }

    private static func strings(_ values: [String]) -> OpaquePointer {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        var children = values.map { text in text.withCString { g_variant_new_string($0) } }
        return g_variant_new_array(type, &children, gsize(children.count))
    }
}
