import WebPolicy

/// Zoom by WebPolicy's `Zoom` levels, as the keys and the zoom controls do.
extension WebView {
    /// Ctrl+plus.
    public func zoomIn() { zoomLevel = Zoom.larger(than: zoomLevel) }
    /// Ctrl+minus.
    public func zoomOut() { zoomLevel = Zoom.smaller(than: zoomLevel) }
    /// Ctrl+0.
    public func resetZoom() { zoomLevel = 1 }
}
