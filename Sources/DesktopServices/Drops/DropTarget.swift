import GtkWidgets

/// Files dropped onto a widget (a window's web view) reported with their paths: GTK's drag and
/// drop, through GtkWidgets, on every desktop.
public typealias DropTarget = FileDrops
