import SoupWebSocket
import WebBridge

extension BridgeError {
    /// A WebSocket failure as the page sees it: a malformed address, header, subprotocol or
    /// close frame is the page's mistake (`invalid-payload`); everything else is the
    /// connection failing (`handler-failed`).
    init(_ error: WebSocketError) {
        switch error {
        case .invalidURL, .invalidHeader, .invalidSubprotocol, .invalidCloseFrame:
            self.init(.invalidPayload, error.description)
        default:
            self.init(.handlerFailed, error.description)
        }
    }
}
