import GLibLog

extension Log {
    /// This module's log (`G_MESSAGES_DEBUG=GtkWidgets`).
    public static let gtkWidgets = Log(domain: "GtkWidgets")
}
