import WebBridge
import WebKitGTK

extension WebViewBridge {
    /// A bridge over a WebKitGTK view, logging through GLib by default.
    public convenience init(view: WebView, configuration: BridgeConfiguration = BridgeConfiguration(),
                            logger: any BridgeLogger = GLibBridgeLogger()) {
        self.init(webView: view, configuration: configuration, logger: logger)
    }
}
