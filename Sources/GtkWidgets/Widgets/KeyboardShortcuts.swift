import CGtk
import GLibCore

/// A key binding as the user is told about it: its accelerators (GTK accelerator strings),
/// what it does, and the group the Keyboard Shortcuts window lists it under.
public struct KeyboardShortcut: Sendable, Equatable {
    /// The GTK accelerator strings that run it (`"F5"`, `"<Control>r"`): more than one when
    /// several keys do the same thing.
    public var accelerators: [String]
    /// What the shortcut does, as the Keyboard Shortcuts window lists it ("Reload").
    public var title: String
    /// The heading the Keyboard Shortcuts window lists it under; groups appear in the order
    /// their first shortcut does.
    public var group: String

    /// Describes a binding for listing only: making one binds no key (`KeyboardShortcuts.add`
    /// binds, and records one of these in `listed`).
    public init(_ accelerators: [String], title: String, group: String) {
        self.accelerators = accelerators
        self.title = title
        self.group = group
    }
}

/// Window-wide keyboard shortcuts, seen before the focused widget (the web view) gets the key.
///
/// Shortcuts are GTK accelerator strings (`"F12"`, `"<Control><Shift>i"`, `"<Alt>Left"`).
/// Letters match whatever the Caps Lock state; for other keys Shift is ignored, since many
/// layouts need it just to type `+` or `=`, so `"<Control>plus"` works on all of them.
/// An action returns whether it used the key; a key it declines goes on to the page.
/// Every binding has a title, so `listed` (what the Keyboard Shortcuts window shows) is
/// exactly what the window binds.
@MainActor
public final class KeyboardShortcuts {
    /// What a shortcut runs, on the main actor: it returns true when it used the key, false to
    /// let the key go on to the focused widget (the page).
    public typealias Action = @MainActor () -> Bool

    /// A key with its modifiers, as GTK parses an accelerator.
    private struct Chord: Hashable {
        let key: UInt32
        let modifiers: UInt32
    }

    private struct Shortcut {
        let chord: Chord
        let action: Action
    }

    private var shortcuts: [Shortcut] = []
    private var connection: SignalConnection?
    /// The bindings, in the order they were made; an accelerator bound again is listed only
    /// under its later binding, the one that wins.
    public private(set) var listed: [KeyboardShortcut] = []

    /// Listens to key presses on `window`; the shortcuts stop when this object goes away.
    public init(window: Window) {
        connection = Signals.connect(window.widget, "key-press-event") { [weak self] (event: Signals.Pointer) -> Bool in
            guard let self, let event = event?.assumingMemoryBound(to: GdkEventKey.self) else { return false }
            return handle(keyval: event.pointee.keyval, modifiers: event.pointee.state)
        }
    }

    /// Runs `action` when any of `accelerators` is pressed; a later binding of the same key wins.
    /// `title` says what it does and `group` where the Keyboard Shortcuts window lists it.
    /// Invalid strings are a programming error and stop the program, so a typo cannot
    /// silently disable a shortcut.
    public func add(_ accelerators: [String], title: String, group: String, _ action: @escaping Action) {
        let chords = accelerators.map(Self.chord)
        for chord in chords {
            shortcuts.insert(Shortcut(chord: chord, action: action), at: 0)
        }
        for index in listed.indices {
            listed[index].accelerators.removeAll { chords.contains(Self.chord($0)) }
        }
        listed.removeAll { $0.accelerators.isEmpty }
        listed.append(KeyboardShortcut(accelerators, title: title, group: group))
    }

    /// Binds `shortcut`'s accelerators under its title and group.
    public func add(_ shortcut: KeyboardShortcut, _ action: @escaping Action) {
        add(shortcut.accelerators, title: shortcut.title, group: shortcut.group, action)
    }

    /// Runs the action bound to this key press; returns whether the key was used.
    @discardableResult
    public func handle(keyval: UInt32, modifiers: UInt32) -> Bool {
        let key = gdk_keyval_to_lower(keyval)
        let isLetter = gdk_keyval_to_upper(key) != key
        var pressed = modifiers & gtk_accelerator_get_default_mod_mask().rawValue
        if !isLetter { pressed &= ~GDK_SHIFT_MASK.rawValue }
        let matches = shortcuts.filter {
            $0.chord.key == key && (isLetter ? $0.chord.modifiers : $0.chord.modifiers & ~GDK_SHIFT_MASK.rawValue) == pressed
        }
        return matches.contains { $0.action() }
    }

    private static func chord(_ accelerator: String) -> Chord {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        gtk_accelerator_parse(accelerator, &key, &modifiers)
        precondition(key != 0, "'\(accelerator)' is not a GTK accelerator")
        return Chord(key: gdk_keyval_to_lower(key), modifiers: modifiers.rawValue)
    }
}
