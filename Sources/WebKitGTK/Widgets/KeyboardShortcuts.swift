import CWebKitGTK
import GLibCore

/// Window-wide keyboard shortcuts, seen before the focused widget (the web view) gets the key.
///
/// Shortcuts are GTK accelerator strings (`"F12"`, `"<Control><Shift>i"`, `"<Alt>Left"`).
/// Letters match whatever the Caps Lock state; for other keys Shift is ignored, since many
/// layouts need it just to type `+` or `=`, so `"<Control>plus"` works on all of them.
/// An action returns whether it used the key; a key it declines goes on to the page.
@MainActor
public final class KeyboardShortcuts {
    public typealias Action = @MainActor () -> Bool

    private struct Shortcut {
        let key: UInt32
        let modifiers: UInt32
        let action: Action
    }

    private var shortcuts: [Shortcut] = []
    private var connection: SignalConnection?

    /// Listens to key presses on `window`; the shortcuts stop when this object goes away.
    public init(window: Window) {
        connection = Signals.connect(window.widget, "key-press-event") { [weak self] (event: Signals.Pointer) -> Bool in
            guard let self, let event = event?.assumingMemoryBound(to: GdkEventKey.self) else { return false }
            return handle(keyval: event.pointee.keyval, modifiers: event.pointee.state)
        }
    }

    /// Runs `action` when any of `accelerators` is pressed; a later binding of the same key wins.
    /// Invalid strings are a programming error and stop the program, so a typo cannot
    /// silently disable a shortcut.
    public func add(_ accelerators: [String], _ action: @escaping Action) {
        for accelerator in accelerators {
            var key: guint = 0
            var modifiers = GdkModifierType(rawValue: 0)
            gtk_accelerator_parse(accelerator, &key, &modifiers)
            precondition(key != 0, "'\(accelerator)' is not a GTK accelerator")
            shortcuts.insert(Shortcut(key: gdk_keyval_to_lower(key), modifiers: modifiers.rawValue, action: action), at: 0)
        }
    }

    /// Binds one accelerator.
    public func add(_ accelerator: String, _ action: @escaping Action) {
        add([accelerator], action)
    }

    /// Runs the action bound to this key press; returns whether the key was used.
    @discardableResult
    public func handle(keyval: UInt32, modifiers: UInt32) -> Bool {
        let key = gdk_keyval_to_lower(keyval)
        let isLetter = gdk_keyval_to_upper(key) != key
        var pressed = modifiers & gtk_accelerator_get_default_mod_mask().rawValue
        if !isLetter { pressed &= ~GDK_SHIFT_MASK.rawValue }
        let matches = shortcuts.filter {
            $0.key == key && (isLetter ? $0.modifiers : $0.modifiers & ~GDK_SHIFT_MASK.rawValue) == pressed
        }
        return matches.contains { $0.action() }
    }
}

extension KeyboardShortcuts {
    /// Web Inspector: F12, Ctrl+Shift+I.
    public static let inspector = ["F12", "<Control><Shift>i"]
    /// Zoom in: Ctrl+plus (Ctrl+= on US layouts, keypad +).
    public static let zoomIn = ["<Control>plus", "<Control>equal", "<Control>KP_Add"]
    /// Zoom out: Ctrl+minus.
    public static let zoomOut = ["<Control>minus", "<Control>KP_Subtract"]
    /// Actual size: Ctrl+0.
    public static let resetZoom = ["<Control>0", "<Control>KP_0"]
    /// Find in page: Ctrl+F.
    public static let find = ["<Control>f"]
}
