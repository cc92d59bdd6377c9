import CGtkHelpers
import GLibCore
import FoundationEssentials

/// A push button showing a symbolic icon, or a short text.
@MainActor
public final class Button: Widget {
    private let clicked = ObserverList<Void>()

    /// A button with a themed icon (`"go-previous-symbolic"`…) and a tooltip saying what it does,
    /// named `name` for a screen reader; without one, the tooltip up to a shortcut in brackets
    /// ("Back" of "Back (Alt+Left)") names it, since an icon says nothing to one.
    public init(iconName: String, name: String? = nil, tooltip: String) {
        #if GTK4
        super.init(sinking: gtk_button_new_from_icon_name(iconName))
        #else
        super.init(sinking: gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        #endif
        self.tooltip = tooltip
        accessibleName = name ?? Self.name(fromTooltip: tooltip)
        connectClicked()
    }

    /// A button showing `label` (which also names it for a screen reader) and, when given,
    /// a tooltip saying what it does.
    public init(label: String, tooltip: String? = nil) {
        super.init(sinking: gtk_button_new_with_label(label))
        self.tooltip = tooltip
        connectClicked()
    }

    /// The text a text button shows; setting it replaces it (a zoom level: "125%").
    public var label: String {
        get { string(gtk_button_get_label(reference.cast())) ?? "" }
        set { gtk_button_set_label(reference.cast(), newValue) }
    }

    /// What a tooltip says the button does, without the shortcut it names in brackets.
    static func name(fromTooltip tooltip: String) -> String {
        guard tooltip.hasSuffix(")"), let open = tooltip.ranges(of: " (").last else { return tooltip }
        return String(tooltip[..<open.lowerBound])
    }

    #if GTK4
    /// Replaces the button's icon, e.g. to turn Reload into Stop.
    public func setIcon(name: String) {
        gtk_button_set_icon_name(reference.cast(), name)
    }

    /// The themed icon shown now.
    public var iconName: String? {
        string(gtk_button_get_icon_name(reference.cast()))
    }
    #else
    /// Replaces the button's icon, e.g. to turn Reload into Stop.
    public func setIcon(name: String) {
        let image = gtk_image_new_from_icon_name(name, GTK_ICON_SIZE_BUTTON)
        gtk_button_set_image(reference.cast(), image)
    }

    /// The themed icon shown now.
    public var iconName: String? {
        guard let image = gtk_button_get_image(reference.cast()) else { return nil }
        var name: UnsafePointer<gchar>?
        gtk_image_get_icon_name(gcast(image), &name, nil)
        return string(name)
    }
    #endif

    /// Calls `action` on every click until the observation is dropped.
    public func onClicked(_ action: @escaping @MainActor () -> Void) -> Observation {
        clicked.add { action() }
    }

    /// Clicks the button as the user would (nothing happens while it is insensitive).
    public func click() {
        #if GTK4
        whv_button_clicked(widget)
        #else
        gtk_button_clicked(reference.cast())
        #endif
    }

    private func connectClicked() {
        connections.append(Signals.connect(widget, "clicked") { [weak self] in
            self?.clicked.send(())
        })
    }
}
