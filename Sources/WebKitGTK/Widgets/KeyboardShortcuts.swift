import CWebKitGTK

/// Keyboard shortcuts of one window, seen before the focused widget (the web view) sees the key.
///
/// Shortcuts are written as GTK accelerators (`"<Control>r"`, `"<Alt>Left"`, `"F5"`). An action
/// returns whether it used the key; a key it declines goes on to the page.
@MainActor
public final class KeyboardShortcuts {
    public typealias Action = @MainActor () -> Bool

    private struct Key: Hashable {
        let keyval: UInt32
        let modifiers: UInt32
    }

    private var actions: [Key: Action] = [:]
    private var connection: SignalConnection?

    /// Listens to key presses on `window`; the shortcuts stop when this object goes away.
    public init(window: Window) {
        connection = Signals.connect(window.widget, "key-press-event") { [weak self] (event: Signals.Pointer) -> Bool in
            guard let self, let event else { return false }
            let key = event.assumingMemoryBound(to: GdkEventKey.self).pointee
            return handle(keyval: key.keyval, modifiers: key.state)
        }
    }

    /// Binds `accelerator` to `action`, replacing any earlier binding of the same key.
    public func add(_ accelerator: String, _ action: @escaping Action) {
        var keyval: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        gtk_accelerator_parse(accelerator, &keyval, &modifiers)
        precondition(keyval != 0, "not a GTK accelerator: \(accelerator)")
        actions[Key(keyval: gdk_keyval_to_lower(keyval), modifiers: modifiers.rawValue)] = action
    }

    /// Runs the action bound to a key press, if any; returns whether the key was used.
    /// Lock keys (Caps Lock, Num Lock) do not change the match.
    @discardableResult
    public func handle(keyval: UInt32, modifiers: UInt32) -> Bool {
        let relevant = modifiers & gtk_accelerator_get_default_mod_mask().rawValue
        guard let action = actions[Key(keyval: gdk_keyval_to_lower(keyval), modifiers: relevant)] else { return false }
        return action()
    }
}
