import Geocoding
import WebBridge

/// The demo's `geocodeAddress` message, as a WKWebView page posts it:
/// `{street, city, state, country}` (or one free-text string). The place found resolves
/// the page's Promise and, for pages that wait for a callback instead, is also sent to the
/// page's `setLatLon(lat, lon)`. An address that cannot be placed rejects with
/// `handler-failed` and the reason; `setLatLon` is then not called.
public struct GeocodeAddressHandler: RespondingHandler {
    public let name = "geocodeAddress"
    /// A burst from one page queues here, in order, instead of crowding the geocoder's
    /// lookups: a call whose page stopped waiting never starts one.
    public var maxConcurrentCalls: Int? { 4 }
    private let geocoder: Geocoder
    private weak var bridge: WebViewBridge?

    public init(geocoder: Geocoder, bridge: WebViewBridge) {
        self.geocoder = geocoder
        self.bridge = bridge
    }

    public func respond(to address: Address) async throws -> Place {
        let place = try await geocoder.geocode(address)
        try bridge?.sendJavaScriptCall("setLatLon", place.latitude, place.longitude)
        return place
    }
}
