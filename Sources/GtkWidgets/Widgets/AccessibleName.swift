import CGLib
import CGtkHelpers
import GLibCore

/// What a screen reader calls a control: the name of its accessible object, which AT-SPI
/// (through GTK's ATK bridge) hands to Orca and the like. GTK names a control from its label;
/// a control showing only an icon gets a name only where GTK guesses one from the icon, so
/// every such control the library builds is named here. Every name passes through `set(_:on:)`,
/// the one place a translation of them applies.
@MainActor
package enum AccessibleName {
    #if GTK4
    /// GTK 4 has no getter for an accessible property: the name set is kept on the widget too.
    private static let nameKey = "whv-accessible-name"

    /// Names `widget` `name` (plain English, as a user reads it on the control: "Close").
    package static func set(_ name: String, on widget: UnsafeMutablePointer<GtkWidget>) {
        whv_accessible_set_label(widget, name)
        g_object_set_data_full(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), nameKey,
                               g_strdup(name), g_free)
    }

    /// The name set here for `widget`; nil when it has none (GTK 4 gives no way to read the
    /// name GTK itself gives a control from its label).
    package static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        let name = g_object_get_data(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), nameKey)
        return string(name?.assumingMemoryBound(to: gchar.self)).flatMap { $0.isEmpty ? nil : $0 }
    }
    #else
    /// Names `widget` `name` (plain English, as a user reads it on the control: "Close").
    package static func set(_ name: String, on widget: UnsafeMutablePointer<GtkWidget>) {
        atk_object_set_name(gtk_widget_get_accessible(widget), name)
    }

    /// The name a screen reader speaks for `widget`: the one set here, else GTK's own (from a
    /// label, or guessed from an icon); nil when it has none.
    package static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        string(atk_object_get_name(gtk_widget_get_accessible(widget))).flatMap { $0.isEmpty ? nil : $0 }
    }
    #endif

    /// Names every button inside `widget` `name`: for a toolkit widget just made, before
    /// anything is added to it, whose only buttons are its own unnamed icon buttons (the close
    /// button of a `GtkInfoBar` or a `GtkSearchBar`).
    package static func setOnOwnButtons(of widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        for button in buttons(inside: widget) { set(name, on: button) }
    }

    #if GTK4
    /// Names every button inside `widget` labelled `label` (with an optional `_` mnemonic) by
    /// the label as the user reads it. GTK 4.8 reads a button made with a mnemonic by its
    /// label property (the label as given, underscore kept) followed by the name of the label
    /// widget it is labelled by ("_Cancel Cancel", "Wait Wait"): the button gets the label as
    /// shown for its name, and its label widget no longer adds to it. For the buttons a toolkit
    /// widget makes from a label (an info bar's, a message dialog's responses).
    package static func setOnButtons(labelled label: String, inside widget: UnsafeMutablePointer<GtkWidget>) {
        for button in buttons(inside: widget) where string(gtk_button_get_label(gcast(button))) == label {
            set(withoutMnemonic(label), on: button)
            gtk_accessible_reset_relation(gcast(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        }
    }

    /// `label` as shown: each `_` that marks a mnemonic dropped, `__` read as one `_`.
    package static func withoutMnemonic(_ label: String) -> String {
        var shown = "", escaped = false
        for character in label {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            shown.append(character)
            escaped = false
        }
        return shown
    }
    #endif

    private static func buttons(inside widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        if WidgetTree.isA(widget, gtk_button_get_type()) { return [widget] }
        return WidgetTree.children(of: widget).flatMap(buttons(inside:))
    }
}

extension Widget {
    /// What a screen reader calls the widget: set it on a control whose text does not say what
    /// it does (a button showing only an icon). Reading it gives GTK's own name when none was
    /// set (a button's label); nil when there is none.
    public var accessibleName: String? {
        get { AccessibleName.of(widget) }
        set { AccessibleName.set(newValue ?? "", on: widget) }
    }
}
