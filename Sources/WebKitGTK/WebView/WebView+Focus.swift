import GtkWidgets

extension WebView {
    /// Gives the page the keyboard focus, so typing reaches its focused field (an
    /// `autofocus` input) without a click first.
    public func focus() {
        widget.grabFocus()
    }
}
