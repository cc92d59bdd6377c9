import WebKitGTK
import CWebKitGTK
import GLibCore

/// The primary menu's zoom row, as GNOME apps show it: "Zoom", then −, the page's zoom
/// level now ("100%", a click resets it) and +, acting on a web view and following its
/// level however it changes (the keys, the page, another control).
@MainActor
public final class ZoomControls: Widget {
    /// The row's buttons.
    public enum Control: CaseIterable, Sendable {
        /// `zoomOut` (−) steps down, `level` (the "100%" button) resets to 100 %, `zoomIn` (+)
        /// steps up, through `Zoom.levels`.
        case zoomOut, level, zoomIn
    }

    private let buttons: [Control: UnsafeMutablePointer<GtkWidget>]
    private weak var view: WebView?

    /// A row acting on `view` (held weakly), showing its level now and after every change.
    public init(view: WebView) {
        self.view = view
        buttons = [
            .zoomOut: gtk_button_new_from_icon_name("zoom-out-symbolic", GTK_ICON_SIZE_BUTTON),
            .level: gtk_button_new_with_label(""),
            .zoomIn: gtk_button_new_from_icon_name("zoom-in-symbolic", GTK_ICON_SIZE_BUTTON),
        ]
        super.init(sinking: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        let label = gtk_label_new(tr("Zoom"))!
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        gtk_box_pack_start(reference.cast(), label, 1, 1, 0)
        let linked = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_style_context_add_class(gtk_widget_get_style_context(linked), "linked")
        let actions: [(Control, String, @MainActor (WebView) -> Void)] = [
            (.zoomOut, tr("Zoom out (Ctrl+minus)"), { $0.zoomOut() }),
            (.level, tr("Reset zoom (Ctrl+0)"), { $0.resetZoom() }),
            (.zoomIn, tr("Zoom in (Ctrl+plus)"), { $0.zoomIn() }),
        ]
        for (control, tooltip, action) in actions {
            let button = buttons[control]!
            gtk_widget_set_tooltip_text(button, tooltip)
            if control != .level { AccessibleName.set(control == .zoomIn ? tr("Zoom In") : tr("Zoom Out"), on: button) }
            gtk_container_add(gcast(linked, to: GtkContainer.self), button)
            connections.append(Signals.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self] in
                self?.view.map(action)
            })
        }
        gtk_box_pack_end(reference.cast(), linked, 0, 0, 0)
        connections.append(Signals.connect(view.reference.raw, "notify::zoom-level") { [weak self] (_: Signals.Pointer) -> Void in
            self?.showLevel()
        })
        showLevel()
    }

    /// The level as the row shows it: "100%", "125%"…
    public var levelText: String {
        string(gtk_button_get_label(gcast(buttons[.level]!, to: GtkButton.self))) ?? ""
    }

    /// Clicks a button of the row as the user would.
    public func click(_ control: Control) {
        gtk_button_clicked(gcast(buttons[control]!, to: GtkButton.self))
    }

    private func showLevel() {
        let percent = Int(((view?.zoomLevel ?? 1) * 100).rounded())
        gtk_button_set_label(gcast(buttons[.level]!, to: GtkButton.self), "\(percent)%")
    }
}
