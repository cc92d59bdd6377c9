import CWebKitGTKHelpers
import GLibCore

extension WebView {
    /// Opens WebKit's Web Inspector for this view (F12, Ctrl+Shift+I), turning on the
    /// developer extras it needs; apps offer it only when started with `--devtools`.
    public func showInspector() {
        if !settings.developerExtrasEnabled { settings.developerExtrasEnabled = true }
        webkit_web_inspector_show(inspector)
    }

    /// Closes the inspector if it is open.
    public func closeInspector() {
        webkit_web_inspector_close(inspector)
    }

    /// Whether the inspector is showing: it has a web view of its own only while open.
    public var isInspectorOpen: Bool {
        webkit_web_inspector_get_web_view(inspector) != nil
    }

    private var inspector: UnsafeMutablePointer<WebKitWebInspector> {
        webkit_web_view_get_inspector(reference.pointer)
    }
}
