import GtkWidgets

/// The keys every app window binds, as GNOME Web and other GNOME apps bind them; the
/// Keyboard Shortcuts window lists them by their titles and groups.
extension KeyboardShortcuts {
    /// Web Inspector: F12, Ctrl+Shift+I.
    public static let inspector = KeyboardShortcut(["F12", "<Control><Shift>i"], title: "Web Inspector", group: "Page")
    /// Zoom in: Ctrl+plus (Ctrl+= on US layouts, keypad +).
    public static let zoomIn = KeyboardShortcut(["<Control>plus", "<Control>equal", "<Control>KP_Add"], title: "Zoom in", group: "Page")
    /// Zoom out: Ctrl+minus.
    public static let zoomOut = KeyboardShortcut(["<Control>minus", "<Control>KP_Subtract"], title: "Zoom out", group: "Page")
    /// Actual size: Ctrl+0.
    public static let resetZoom = KeyboardShortcut(["<Control>0", "<Control>KP_0"], title: "Reset zoom", group: "Page")
    /// Find in page: Ctrl+F.
    public static let find = KeyboardShortcut(["<Control>f"], title: "Find in page", group: "Page")
    /// Print the page: Ctrl+P.
    public static let print = KeyboardShortcut(["<Control>p"], title: "Print", group: "Page")
    /// The primary menu: F10.
    public static let menu = KeyboardShortcut(["F10"], title: "Open the menu", group: "Window")
    /// A new window: Ctrl+N.
    public static let newWindow = KeyboardShortcut(["<Control>n"], title: "New window", group: "Window")
    /// Full screen: F11.
    public static let fullscreen = KeyboardShortcut(["F11"], title: "Full screen", group: "Window")
    /// This list: Ctrl+?.
    public static let shortcutsWindow = KeyboardShortcut(["<Control>question"], title: "Keyboard shortcuts", group: "Window")
}
