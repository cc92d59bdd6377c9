import Geocoding
import WebBridge
import WebSocketBridge

extension PageBridge {
    /// What the demo pages may ask of the app and hear from it: the handlers and events
    /// `init` installs. Written to `Resources/contract.d.ts` by `swift run webview-contract`.
    public static var contract: BridgeContract {
        BridgeContract("App", [
            .invoke("geocodeAddress", GeocodeAddressHandler.self,
                    summary: "Places an address (fields, or one line of text) offline, city level; also calls the page's `setLatLon`."),
        ] + WebSocketRelay.contractEntries)
    }
}
