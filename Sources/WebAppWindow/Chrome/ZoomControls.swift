import WebKitGTK
import GLibCore

/// The primary menu's zoom row, as GNOME apps show it: "Zoom", then −, the page's zoom
/// level now ("100%", a click resets it) and +, acting on a web view and following its
/// level however it changes (the keys, the page, another control).
@MainActor
public final class ZoomControls: Box {
    /// The row's buttons.
    public enum Control: CaseIterable, Sendable {
        /// `zoomOut` (−) steps down, `level` (the "100%" button) resets to 100 %, `zoomIn` (+)
        /// steps up, through `Zoom.levels`.
        case zoomOut, level, zoomIn
    }

    private let buttons: [Control: Button]
    private weak var view: WebView?
    private var observations: [Observation] = []
    private var levelChanges: SignalConnection?

    /// A row acting on `view` (held weakly), showing its level now and after every change.
    public init(view: WebView) {
        self.view = view
        buttons = [
            .zoomOut: Button(iconName: "zoom-out-symbolic", name: tr("Zoom Out"), tooltip: tr("Zoom out (Ctrl+minus)")),
            .level: Button(label: "", tooltip: tr("Reset zoom (Ctrl+0)")),
            .zoomIn: Button(iconName: "zoom-in-symbolic", name: tr("Zoom In"), tooltip: tr("Zoom in (Ctrl+plus)")),
        ]
        super.init(.horizontal, spacing: 12)
        let label = Label(tr("Zoom"))
        append(label, expands: true)
        let linked = Box(.horizontal)
        linked.addStyleClass("linked")
        let actions: [(Control, @MainActor (WebView) -> Void)] = [
            (.zoomOut, { $0.zoomOut() }), (.level, { $0.resetZoom() }), (.zoomIn, { $0.zoomIn() }),
        ]
        for (control, action) in actions {
            linked.append(buttons[control]!)
            observations.append(buttons[control]!.onClicked { [weak self] in self?.view.map(action) })
        }
        appendAtEnd(linked)
        levelChanges = view.onZoomLevelChanged { [weak self] in self?.showLevel() }
        showLevel()
    }

    /// The level as the row shows it: "100%", "125%"…
    public var levelText: String { buttons[.level]!.label }

    /// Clicks a button of the row as the user would.
    public func click(_ control: Control) {
        buttons[control]!.click()
    }

    private func showLevel() {
        let percent = Int(((view?.zoomLevel ?? 1) * 100).rounded())
        buttons[.level]!.label = tr("{percent}%", context: "zoom level", ["percent": String(percent)])
    }
}
