import GLibCore
import GtkWidgets

/// The keys every app window binds, as GNOME Web and other GNOME apps bind them; the
/// Keyboard Shortcuts window lists them by their titles and groups.
extension KeyboardShortcuts {
    /// Web Inspector: F12, Ctrl+Shift+I.
    public static let inspector = KeyboardShortcut(["F12", "<Control><Shift>i"], title: tr("Web Inspector"), group: tr("Page"))
    /// Zoom in: Ctrl+plus (Ctrl+= on US layouts, keypad +).
    public static let zoomIn = KeyboardShortcut(["<Control>plus", "<Control>equal", "<Control>KP_Add"], title: tr("Zoom in"), group: tr("Page"))
    /// Zoom out: Ctrl+minus.
    public static let zoomOut = KeyboardShortcut(["<Control>minus", "<Control>KP_Subtract"], title: tr("Zoom out"), group: tr("Page"))
    /// Actual size: Ctrl+0.
    public static let resetZoom = KeyboardShortcut(["<Control>0", "<Control>KP_0"], title: tr("Reset zoom"), group: tr("Page"))
    /// Find in page: Ctrl+F.
    public static let find = KeyboardShortcut(["<Control>f"], title: tr("Find in page"), group: tr("Page"))
    /// Print the page: Ctrl+P.
    public static let print = KeyboardShortcut(["<Control>p"], title: tr("Print"), group: tr("Page"))
    /// The primary menu: F10.
    public static let menu = KeyboardShortcut(["F10"], title: tr("Open the menu"), group: tr("Window"))
    /// A new window: Ctrl+N.
    public static let newWindow = KeyboardShortcut(["<Control>n"], title: tr("New window"), group: tr("Window"))
    /// Full screen: F11.
    public static let fullscreen = KeyboardShortcut(["F11"], title: tr("Full screen"), group: tr("Window"))
    /// This list: Ctrl+?.
    public static let shortcutsWindow = KeyboardShortcut(["<Control>question"], title: tr("Keyboard shortcuts"), group: tr("Window"))
}
