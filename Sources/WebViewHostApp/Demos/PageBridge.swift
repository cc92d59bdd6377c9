import Geocoding
import WebBridge
import WebSocketBridge

/// The demo handlers on one window's bridge: `geocodeAddress` and the `ws.*` WebSocket
/// relay. Installed with the window, before its view loads anything.
@MainActor
public final class PageBridge {
    public let bridge: WebViewBridge
    public let webSocketRelay: WebSocketRelay

    public init(bridge: WebViewBridge, services: DemoServices) {
        self.bridge = bridge
        bridge.add(GeocodeAddressHandler(geocoder: services.geocoder, bridge: bridge))
        webSocketRelay = WebSocketRelay.install(on: bridge, registry: services.webSockets)
    }

    /// Whether the page now showing takes a colour: a page the bridge trusts that defines
    /// `changeBackgroundColor`. Untrusted pages are not asked.
    public func offersColourChange() async -> Bool {
        guard let uri = bridge.webView.pageURI, bridge.callers.allows(uri) else { return false }
        let defined = try? await bridge.evaluateJavaScript("typeof window.changeBackgroundColor === 'function'", as: Bool.self)
        return defined == true && bridge.webView.pageURI == uri
    }

    /// Calls the page's `changeBackgroundColor(colour)`. A page without that function is
    /// not an error of the app: the failure goes to the bridge's delegate and log.
    public func changeBackgroundColour(to colour: PageColour) {
        // Only encoding the argument can throw here, and a string always encodes.
        try? bridge.sendJavaScriptCall("changeBackgroundColor", colour.rawValue)
    }
}
