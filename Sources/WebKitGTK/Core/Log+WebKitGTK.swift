import GLibLog

extension Log {
    /// This module's log.
    public static let webKitGTK = Log(domain: "WebKitGTK")
}
