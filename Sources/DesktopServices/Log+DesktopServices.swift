import GLibLog

extension Log {
    /// This module's log (`G_MESSAGES_DEBUG=DesktopServices`).
    public static let desktopServices = Log(domain: "DesktopServices")
}
