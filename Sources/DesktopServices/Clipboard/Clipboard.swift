import GtkWidgets

/// The desktop's clipboard (Ctrl+C and Ctrl+V): text and images to and from other programs and
/// the app's pages, `Clipboard.general`. GTK's own, through GtkWidgets, on every desktop.
public typealias Clipboard = DisplayClipboard

/// Why the clipboard refused what the app gave it.
public typealias ClipboardError = DisplayClipboardError
