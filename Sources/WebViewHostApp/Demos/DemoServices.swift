import Geocoding
import SoupWebSocket
import WebSocketBridge

/// What the demo pages of every window share: the offline geocoder and the app's
/// WebSocket connections, which outlive pages and are shared by all windows.
@MainActor
public final class DemoServices {
    /// The app's one set of services.
    public static let shared = DemoServices()

    public let geocoder: Geocoder
    public let webSockets: WebSocketRegistry

    /// Reconnects back off to at most 5 s, so a restarted demo server is found again quickly.
    public init(geocoder: Geocoder = Geocoder(),
                webSockets: WebSocketRegistry = WebSocketRegistry(configuration: WebSocketConfiguration(
                    reconnect: ReconnectPolicy(initialDelay: .milliseconds(500), maxDelay: .seconds(5))))) {
        self.geocoder = geocoder
        self.webSockets = webSockets
    }
}
