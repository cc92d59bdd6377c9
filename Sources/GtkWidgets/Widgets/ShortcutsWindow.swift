import CGLib
import CGtkHelpers
import GLibCore

/// GNOME's Keyboard Shortcuts window (Ctrl+?), listing shortcuts by group: built from a
/// window's `KeyboardShortcuts.listed`, so it shows every key the window binds and nothing else.
///
/// One window per list of shortcuts, made once and kept for the process: closing it hides it,
/// and `destroy()` does too. GTK 3.24's `GtkShortcutsWindow`, once finalized, leaves style state
/// pointing at its freed widgets, which the next theme change (dark mode) walks — a Gtk-CRITICAL
/// per widget, or a crash once the memory is reused.
@MainActor
public final class ShortcutsWindow: Widget {
    /// The windows made so far, by their GtkBuilder definition.
    private static var made: [String: ShortcutsWindow] = [:]
    /// The one section, where the groups are (the window also keeps copies for its search).
    private let section: ObjectReference<GtkWidget>

    /// The window listing `shortcuts`, over `parent` (the one made before for the same list,
    /// if any); `present()` shows it.
    public static func window(for shortcuts: [KeyboardShortcut], parent: Window?) -> ShortcutsWindow {
        let definition = definition(of: shortcuts)
        let window = made[definition] ?? ShortcutsWindow(definition: definition)
        made[definition] = window
        gtk_window_set_transient_for(window.reference.cast(), parent?.window)
        return window
    }

    private init(definition: String) {
        let builder = gtk_builder_new_from_string(definition, -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let object = gtk_builder_get_object(builder, "window")!
        section = ObjectReference(retaining: UnsafeMutableRawPointer(gtk_builder_get_object(builder, "section")!)
            .assumingMemoryBound(to: GtkWidget.self))
        super.init(sinking: UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self))
        #if GTK4
        connections.append(Signals.connectDeciding(widget, "close-request") { [weak self] in
            self?.destroy()
            return true
        })
        #else
        connections.append(Signals.connect(widget, "delete-event") { [weak self] (_: Signals.Pointer) -> Bool in
            self?.destroy()
            return true
        })
        #endif
    }

    /// Hides the window, which stays for the next `window(for:parent:)`: it is never destroyed.
    public override func destroy() {
        gtk_widget_hide(widget)
        gtk_window_set_transient_for(reference.cast(), nil)
    }

    /// Shows the window in front, modal; it returns at once, without waiting for the user.
    public func present() {
        gtk_widget_show(widget)
        gtk_window_present(reference.cast())
    }

    /// What the window lists, in order: each shortcut's accelerators (as one space-separated
    /// string, as GTK takes them) and title, read back from its widgets.
    package var entries: [(accelerator: String, title: String)] {
        var found: [(String, String)] = []
        func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
            if WidgetTree.isA(widget, gtk_shortcuts_shortcut_get_type()) {
                found.append((takeString(whv_object_get_string(widget, "accelerator")) ?? "",
                              takeString(whv_object_get_string(widget, "title")) ?? ""))
            }
            WidgetTree.children(of: widget).forEach(walk)
        }
        walk(section.pointer)
        return found
    }

    /// GtkBuilder markup of the window: one section, a group per `group` in order of appearance.
    private static func definition(of shortcuts: [KeyboardShortcut]) -> String {
        let groups = shortcuts.map(\.group).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let groupMarkup = groups.map { group in
            let items = shortcuts.filter { $0.group == group }.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut"><property name="visible">1</property>\
                <property name="accelerator">\(escaped(shortcut.accelerators.joined(separator: " ")))</property>\
                <property name="title">\(escaped(shortcut.title))</property></object></child>
                """
            }
            return """
                <child><object class="GtkShortcutsGroup"><property name="visible">1</property>\
                <property name="title">\(escaped(group))</property>\(items.joined())</object></child>
                """
        }
        return """
            <interface><object class="GtkShortcutsWindow" id="window"><property name="modal">1</property>\
            <property name="title">Keyboard Shortcuts</property>\
            <child><object class="GtkShortcutsSection" id="section"><property name="visible">1</property>\
            <property name="section-name">shortcuts</property><property name="max-height">12</property>\
            \(groupMarkup.joined())</object></child></object></interface>
            """
    }

    private static func escaped(_ text: String) -> String {
        takeString(g_markup_escape_text(text, -1)) ?? ""
    }
}
