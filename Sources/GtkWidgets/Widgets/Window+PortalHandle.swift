import CGtkHelpers

extension Window {
    /// How the XDG desktop portal is told which window a dialog belongs to: `x11:` and the
    /// window's X11 id in hex. Nil before the window is shown, or on a display other than X11,
    /// where the portal's dialog then has no parent.
    public var x11Handle: String? {
        let xid = whv_widget_x11_window(widget)
        return xid == 0 ? nil : "x11:" + String(xid, radix: 16)
    }
}
