import GLibLog

extension Log {
    /// This module's log (`G_MESSAGES_DEBUG=DesktopIntegration`).
    public static let desktopIntegration = Log(domain: "DesktopIntegration")
}
