import CGtkHelpers
import GLibCore

/// A key binding as the user is told about it: its accelerators (GTK accelerator strings),
/// what it does, the group the Keyboard Shortcuts window lists it under, and whether the
/// window keeps it from the page (`isReserved`).
public struct KeyboardShortcut: Sendable, Equatable {
    /// The GTK accelerator strings that run it (`"F5"`, `"<Control>r"`): more than one when
    /// several keys do the same thing.
    public var accelerators: [String]
    /// What the shortcut does, as the Keyboard Shortcuts window lists it ("Reload").
    public var title: String
    /// The heading the Keyboard Shortcuts window lists it under; groups appear in the order
    /// their first shortcut does.
    public var group: String
    /// Whether the shortcut runs before the focused widget sees the key, so a page cannot keep
    /// it with `preventDefault()` (Quit, Close); otherwise the page gets the key first.
    public var isReserved: Bool

    /// Describes a binding for listing only: making one binds no key (`KeyboardShortcuts.add`
    /// binds, and records one of these in `listed`). Not reserved unless `isReserved`.
    public init(_ accelerators: [String], title: String, group: String, isReserved: Bool = false) {
        self.accelerators = accelerators
        self.title = title
        self.group = group
        self.isReserved = isReserved
    }
}

/// Window-wide keyboard shortcuts, seen after the focused widget (the web view) had the key,
/// as in GNOME Web: the page gets every key first, and a shortcut runs only when the page did
/// not `preventDefault()` it, so an editor page keeps Ctrl+F for its own search. A reserved
/// shortcut (`KeyboardShortcut.isReserved`, `reserve(_:)`: Quit, Close) runs before the page
/// sees the key, so no page can keep the user in.
///
/// How (GTK 4): a key controller on the window in the capture phase runs the reserved
/// shortcuts before the key goes down to the focused widget; one in the bubble phase runs the
/// others with the keys the focused widget (the page) left unhandled on their way back up.
///
/// How (GTK 3): the window's `key-press-event` hands the key to the focused widget
/// (`gtk_window_propagate_key_event`). WebKitGTK's view takes every key and sends it to the
/// page; a key the page did not handle comes back to the window as a second, identical event,
/// which the view then lets through — only then do the shortcuts run, and then GTK's own
/// accelerators and key bindings (`gtk_window_activate_key`). `pageFirst` answering false
/// gives the shortcuts every key first.
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
        var isReserved: Bool
    }

    private var shortcuts: [Shortcut] = []
    /// Whether the focused widget (the page) gets a key before the shortcuts that are not
    /// reserved, asked at each key: a window mode can answer false to keep every binding the
    /// window's, and a window answers false while its view shows no page (no web process
    /// would hand the key back).
    public var pageFirst: @MainActor () -> Bool = { true }
    private var connections: [SignalConnection] = []
    /// The bindings, in the order they were made; an accelerator bound again is listed only
    /// under its later binding, the one that wins.
    public private(set) var listed: [KeyboardShortcut] = []

    /// Listens to key presses on `window`; the shortcuts stop when this object goes away.
    public init(window: Window) {
        #if GTK4
        connections.append(Self.onKeyPress(in: window.widget, phase: GTK_PHASE_CAPTURE) { [weak self] keyval, modifiers in
            guard let self else { return false }
            return pageFirst() ? handle(keyval: keyval, modifiers: modifiers, reserved: true) : handle(keyval: keyval, modifiers: modifiers)
        })
        connections.append(Self.onKeyPress(in: window.widget, phase: GTK_PHASE_BUBBLE) { [weak self] keyval, modifiers in
            self?.handle(keyval: keyval, modifiers: modifiers, reserved: false) ?? false
        })
        #else
        connections.append(Signals.connect(window.widget, "key-press-event") { [weak self, weak window] (event: Signals.Pointer) -> Bool in
            guard let self, let window, let event = event?.assumingMemoryBound(to: GdkEventKey.self) else { return false }
            return route(event, in: window.window)
        })
        #endif
    }

    #if GTK4
    /// Calls `handler` with each key pressed in `widget` (its key value and modifiers) in
    /// `phase`; a true answer stops the key there.
    private static func onKeyPress(in widget: UnsafeMutablePointer<GtkWidget>, phase: GtkPropagationPhase,
                                   _ handler: @escaping @MainActor (UInt32, UInt32) -> Bool) -> SignalConnection {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, phase)
        gtk_widget_add_controller(widget, controller) // the widget owns it
        return Signals.connect(UnsafeMutableRawPointer(controller), "key-pressed") { (keyval: UInt32, _: UInt32, modifiers: UInt32) -> Bool in
            handler(keyval, modifiers)
        }
    }
    #else
    /// Reserved shortcuts, then the focused widget, then the other shortcuts, then GTK's
    /// accelerators and bindings; true always once the focused widget was asked, since GTK's
    /// default handler would hand the key to it a second time.
    private func route(_ event: UnsafeMutablePointer<GdkEventKey>, in window: UnsafeMutablePointer<GtkWindow>) -> Bool {
        let (keyval, modifiers) = (event.pointee.keyval, event.pointee.state)
        guard pageFirst() else { return handle(keyval: keyval, modifiers: modifiers) }
        if handle(keyval: keyval, modifiers: modifiers, reserved: true) { return true }
        if gtk_window_propagate_key_event(window, event) != 0 { return true }
        if handle(keyval: keyval, modifiers: modifiers, reserved: false) { return true }
        if gtk_window_activate_key(window, event) != 0 { return true }
        _ = gtk_bindings_activate_event(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GObject.self), event)
        return true
    }
    #endif

    /// Runs `action` when any of `accelerators` is pressed; a later binding of the same key wins.
    /// `title` says what it does and `group` where the Keyboard Shortcuts window lists it.
    /// Invalid strings are a programming error and stop the program, so a typo cannot
    /// silently disable a shortcut.
    /// `reserved` runs it before the page sees the key (see the type).
    public func add(_ accelerators: [String], title: String, group: String, reserved: Bool = false,
                    _ action: @escaping Action) {
        let chords = accelerators.map(Self.chord)
        for chord in chords {
            shortcuts.insert(Shortcut(chord: chord, action: action, isReserved: reserved), at: 0)
        }
        for index in listed.indices {
            listed[index].accelerators.removeAll { chords.contains(Self.chord($0)) }
        }
        listed.removeAll { $0.accelerators.isEmpty }
        listed.append(KeyboardShortcut(accelerators, title: title, group: group, isReserved: reserved))
    }

    /// Binds `shortcut`'s accelerators under its title and group, reserved as it says.
    public func add(_ shortcut: KeyboardShortcut, _ action: @escaping Action) {
        add(shortcut.accelerators, title: shortcut.title, group: shortcut.group, reserved: shortcut.isReserved, action)
    }

    /// Makes the bindings of `accelerators` run before the page sees the key (`reserved`), or
    /// after it (`reserved: false`): the app's choice per shortcut, for keys already bound
    /// (the window's Print, say) as for its own.
    public func reserve(_ accelerators: [String], _ reserved: Bool = true) {
        let chords = Set(accelerators.map(Self.chord))
        for index in shortcuts.indices where chords.contains(shortcuts[index].chord) {
            shortcuts[index].isReserved = reserved
        }
        for index in listed.indices where listed[index].accelerators.contains(where: { chords.contains(Self.chord($0)) }) {
            listed[index].isReserved = reserved
        }
    }

    /// Runs the reserved shortcuts (Quit, Close) for the keys pressed in `dialog` too, for as
    /// long as it lives: a dialog over the window takes the keyboard while it is up, and no
    /// page may keep the user in by showing one after another.
    public func reserveKeys(in dialog: Widget) {
        #if GTK4
        dialog.connections.append(Self.onKeyPress(in: dialog.widget, phase: GTK_PHASE_CAPTURE) { [weak self] keyval, modifiers in
            self?.handle(keyval: keyval, modifiers: modifiers, reserved: true) ?? false
        })
        #else
        dialog.connections.append(Signals.connect(dialog.widget, "key-press-event") { [weak self] (event: Signals.Pointer) -> Bool in
            guard let self, let event = event?.assumingMemoryBound(to: GdkEventKey.self) else { return false }
            return handle(keyval: event.pointee.keyval, modifiers: event.pointee.state, reserved: true)
        })
        #endif
    }

    /// Runs the shortcuts for the keys pressed while `button`'s popover is open too (the
    /// primary menu, the downloads list), as for keys pressed in the window: F10 closes the
    /// primary menu again, Ctrl+? or Ctrl+Q work while it is open. GTK 4 shows a popover as a
    /// surface of its own that takes every key of its window while open, so the window's own
    /// key handlers, and so these shortcuts, see none; GTK 3 hands each key to the window
    /// first, popover or not.
    ///
    /// For a reserved shortcut the popover closes first and the shortcut runs once GTK is done
    /// with the key: Ctrl+Q run within the popover's key press left GTK 4.8 unable to take the
    /// window down (it stayed on screen, its widgets disposed while still in it, and the app
    /// never ended). The others run for the keys the popover's widgets leave unused.
    public func takeKeys(fromPopoverOf button: MenuButton) {
        #if GTK4
        button.connections.append(Self.onKeyPress(in: button.popover, phase: GTK_PHASE_CAPTURE) { [weak self, weak button] keyval, modifiers in
            guard let self, !bound(keyval: keyval, modifiers: modifiers, reserved: true).isEmpty else { return false }
            button?.isOpen = false
            _ = MainLoop.after(.zero) { [weak self] in _ = self?.handle(keyval: keyval, modifiers: modifiers, reserved: true) }
            return true
        })
        button.connections.append(Self.onKeyPress(in: button.popover, phase: GTK_PHASE_BUBBLE) { [weak self] keyval, modifiers in
            self?.handle(keyval: keyval, modifiers: modifiers) ?? false
        })
        #endif
    }

    /// Runs the action bound to this key press, reserved or not; returns whether the key was used.
    @discardableResult
    public func handle(keyval: UInt32, modifiers: UInt32) -> Bool {
        handle(keyval: keyval, modifiers: modifiers, reserved: nil)
    }

    /// Runs the actions bound to this key press among those reserved as `reserved` (nil: all).
    private func handle(keyval: UInt32, modifiers: UInt32, reserved: Bool?) -> Bool {
        bound(keyval: keyval, modifiers: modifiers, reserved: reserved).contains { $0.action() }
    }

    /// The shortcuts bound to this key press among those reserved as `reserved` (nil: all).
    private func bound(keyval: UInt32, modifiers: UInt32, reserved: Bool?) -> [Shortcut] {
        let key = gdk_keyval_to_lower(keyval)
        let isLetter = gdk_keyval_to_upper(key) != key
        var pressed = modifiers & gtk_accelerator_get_default_mod_mask().rawValue
        if !isLetter { pressed &= ~GDK_SHIFT_MASK.rawValue }
        return shortcuts.filter {
            (reserved == nil || $0.isReserved == reserved) && $0.chord.key == key && (isLetter ? $0.chord.modifiers : $0.chord.modifiers & ~GDK_SHIFT_MASK.rawValue) == pressed
        }
    }

    private static func chord(_ accelerator: String) -> Chord {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        gtk_accelerator_parse(accelerator, &key, &modifiers)
        precondition(key != 0, "'\(accelerator)' is not a GTK accelerator")
        return Chord(key: gdk_keyval_to_lower(key), modifiers: modifiers.rawValue)
    }
}
