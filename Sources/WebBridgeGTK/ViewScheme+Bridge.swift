import WebKitGTK

extension ViewScheme {
    /// The scheme of the bridge's binary channel where a page lacks the web process
    /// extension's transport.
    public nonisolated static let bridge = "webviewhost-bridge"
}
