import GLibLog

extension Log {
    /// This module's own log (`G_MESSAGES_DEBUG=WebBridgeGTK`); the bridge's traffic goes to
    /// `GLibBridgeLogger`'s domain.
    public static let webBridgeGTK = Log(domain: "WebBridgeGTK")
}
