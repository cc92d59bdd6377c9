import CWebKitGTKHelpers
import TestHelpers
import GtkWidgets
import XCTest

final class KeyboardShortcutsTests: GTKTestCase {
    // Shortcuts of the kinds apps bind: a function key, a shifted letter, several keys for one
    // action (US layouts type + with Shift; the keypad), a digit.
    static let inspector = KeyboardShortcut(["F12", "<Control><Shift>i"], title: "Web Inspector", group: "Page")
    static let zoomIn = KeyboardShortcut(["<Control>plus", "<Control>equal", "<Control>KP_Add"], title: "Zoom in", group: "Page")
    static let zoomOut = KeyboardShortcut(["<Control>minus", "<Control>KP_Subtract"], title: "Zoom out", group: "Page")
    static let resetZoom = KeyboardShortcut(["<Control>0", "<Control>KP_0"], title: "Reset zoom", group: "Page")
    static let find = KeyboardShortcut(["<Control>f"], title: "Find in page", group: "Page")

    #if GTK4
    /// Presses `keys` (xdotool's names) in the window through the X server (XTEST): GTK 4
    /// takes no made-up events, so the key goes the whole way a user's does.
    @MainActor
    private static func press(_ keys: String, in window: Window) async throws {
        try await waitUntil("the window on screen") { (try? X11Windows.named(window.title).first) != nil }
        let id = try XCTUnwrap(try X11Windows.named(window.title).first)
        try X11Windows.press(keys, in: id)
    }
    #else
    /// Delivers a key press to the window as GTK would from the X server.
    @MainActor
    @discardableResult
    private static func press(_ keyval: Int32, _ modifiers: GdkModifierType = GdkModifierType(rawValue: 0), in window: Window) -> Bool {
        let event = gdk_event_new(GDK_KEY_PRESS)!
        defer { gdk_event_free(event) }
        event.pointee.key.window = gtk_widget_get_window(window.widget)
        g_object_ref(UnsafeMutableRawPointer(event.pointee.key.window))  // gdk_event_free unrefs it
        event.pointee.key.keyval = guint(keyval)
        event.pointee.key.state = modifiers.rawValue
        event.pointee.key.send_event = 1
        return gtk_widget_event(window.widget, event) != 0
    }
    #endif

    func testStandardShortcutsReachTheirActions() {
        gtkTest {
            let window = Window(title: "keys")
            window.showAll()
            let shortcuts = KeyboardShortcuts(window: window)
            var fired: [String] = []
            shortcuts.add(Self.inspector) { fired.append("inspector"); return true }
            shortcuts.add(Self.zoomIn) { fired.append("in"); return true }
            shortcuts.add(Self.zoomOut) { fired.append("out"); return true }
            shortcuts.add(Self.resetZoom) { fired.append("reset"); return true }
            shortcuts.add(Self.find) { fired.append("find"); return true }

            #if GTK4
            for keys in ["F12", "ctrl+shift+i", "ctrl+plus", "ctrl+equal", "ctrl+minus", "ctrl+0", "ctrl+f"] {
                try await Self.press(keys, in: window)
            }
            // Not shortcuts: a plain letter, Ctrl+I without Shift, Ctrl+Alt+F.
            for keys in ["f", "ctrl+i", "ctrl+alt+f"] {
                try await Self.press(keys, in: window)
            }
            try await waitUntil("the shortcuts ran") { fired.count >= 7 }
            try await Task.sleep(nanoseconds: 300_000_000)
            #else
            let control = GDK_CONTROL_MASK, shift = GdkModifierType(GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            XCTAssertTrue(Self.press(GDK_KEY_F12, in: window))
            XCTAssertTrue(Self.press(GDK_KEY_I, shift, in: window))
            XCTAssertTrue(Self.press(GDK_KEY_plus, shift, in: window))  // Shift is how US layouts type +
            XCTAssertTrue(Self.press(GDK_KEY_equal, control, in: window))
            XCTAssertTrue(Self.press(GDK_KEY_minus, control, in: window))
            XCTAssertTrue(Self.press(GDK_KEY_0, control, in: window))
            XCTAssertTrue(Self.press(GDK_KEY_f, control, in: window))
            // Not shortcuts: plain letters, Ctrl+I without Shift, Ctrl+Alt+F (the window still
            // takes them, having handed them to the focused widget first: none fires below).
            Self.press(GDK_KEY_f, in: window)
            Self.press(GDK_KEY_i, control, in: window)
            Self.press(GDK_KEY_f, GdkModifierType(GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue), in: window)
            #endif
            XCTAssertEqual(fired, ["inspector", "inspector", "in", "in", "out", "reset", "find"])
            window.close()
        }
    }
}
