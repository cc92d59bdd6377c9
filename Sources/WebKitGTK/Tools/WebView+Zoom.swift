import GLibCore
import WebPolicy

/// Zoom by WebPolicy's `Zoom` levels, as the keys and the zoom controls do.
extension WebView {
    /// Ctrl+plus.
    public func zoomIn() { zoomLevel = Zoom.larger(than: zoomLevel) }
    /// Ctrl+minus.
    public func zoomOut() { zoomLevel = Zoom.smaller(than: zoomLevel) }
    /// Ctrl+0.
    public func resetZoom() { zoomLevel = 1 }

    /// Calls `observer` after every change of `zoomLevel`, whatever made it (the keys, the
    /// page, a control), until the connection is dropped: what a control showing the level follows.
    public func onZoomLevelChanged(_ observer: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(reference.raw, "notify::zoom-level") { (_: Signals.Pointer) -> Void in observer() }
    }
}
