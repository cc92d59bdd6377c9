import CGtkHelpers
import GLibCore
import GtkWidgets
import TestHelpers
import XCTest

/// GTK 3.24's Keyboard Shortcuts window, once destroyed, leaves behind style state pointing at
/// its freed widgets, which the next theme change walks: one Gtk-CRITICAL per stale widget, or
/// a crash when the memory was reused (a CI run died so). The window is hidden and kept,
/// never destroyed: closing it the user's way or the app's leaves a theme change clean.
final class ShortcutsWindowTests: GTKTestCase {
    /// How many Gtk-CRITICALs were logged while a test counted.
    nonisolated(unsafe) private static var criticals = 0

    private static let shortcuts = (0..<8).map {
        KeyboardShortcut(["<Control>\(["a", "b", "c", "d", "e", "f", "g", "h"][$0])"], title: "Command \($0)", group: "Group \($0 / 4)")
    }

    func testClosingTheWindowLeavesAThemeChangeClean() {
        gtkTest {
            let parent = Window(title: "Parent", width: 300, height: 200)
            parent.showAll()
            defer { parent.destroy() }
            try await Self.showAndClose(over: parent)
            XCTAssertEqual(try Self.criticalsDuringAThemeChange(), 0)
        }
    }

    func testTheSameShortcutsShowTheSameWindowAgain() {
        gtkTest {
            let parent = Window(title: "Parent", width: 300, height: 200)
            defer { parent.destroy() }
            let first = ShortcutsWindow.window(for: Self.shortcuts, parent: parent)
            XCTAssertTrue(first === ShortcutsWindow.window(for: Self.shortcuts, parent: nil))
            XCTAssertFalse(first === ShortcutsWindow.window(for: Array(Self.shortcuts.dropLast()), parent: parent))
            XCTAssertEqual(first.entries.map(\.title), Self.shortcuts.map(\.title))
        }
    }

    /// Shows two shortcuts windows and closes them, one as the user does (Escape, the ×),
    /// one as the app does, keeping no reference to either.
    @MainActor
    private static func showAndClose(over parent: Window) async throws {
        let byUser = ShortcutsWindow.window(for: Self.shortcuts, parent: parent)
        byUser.present()
        try await Task.sleep(nanoseconds: 200_000_000)
        gtk_window_close(gcast(byUser.widget, to: GtkWindow.self))
        try await waitUntil("closing hid the window") { !byUser.isVisible }
        let byApp = ShortcutsWindow.window(for: Array(Self.shortcuts.prefix(3)), parent: parent)
        byApp.present()
        try await Task.sleep(nanoseconds: 200_000_000)
        byApp.destroy()
        try await Task.sleep(nanoseconds: 200_000_000)
    }

    /// Flips GTK's dark preference there and back, counting the Gtk-CRITICALs it brings.
    @MainActor
    private static func criticalsDuringAThemeChange() throws -> Int {
        criticals = 0
        let count: GLogFunc = { _, _, _, _ in ShortcutsWindowTests.criticals += 1 }
        let handler = g_log_set_handler("Gtk", G_LOG_LEVEL_CRITICAL, count, nil)
        defer { g_log_remove_handler("Gtk", handler) }
        let settings = UnsafeMutableRawPointer(try XCTUnwrap(gtk_settings_get_default()))
        let dark = whv_object_get_boolean(settings, "gtk-application-prefer-dark-theme")
        whv_object_set_boolean(settings, "gtk-application-prefer-dark-theme", dark == 0 ? 1 : 0)
        whv_object_set_boolean(settings, "gtk-application-prefer-dark-theme", dark)
        return criticals
    }
}
