import FoundationEssentials
import SoupWebSocket
import WebBridge

/// `ws.state`: a connection's state changed. `attempt` counts reconnect attempts since the
/// last open connection, `delayMs` is the wait before the next one, `error` says why the
/// connection is not open; `code` and `reason` are those of a requested close.
struct StateEvent: BridgeEvent, Decodable {
    static let eventName = "ws.state"
    let id: String
    let state: String
    var attempt: Int?
    var delayMs: Int?
    var error: String?
    var code: UInt16?
    var reason: String?

    init(id: String, state: WebSocketState) {
        self.id = id
        self.state = state.relayName
        switch state {
        case .idle, .open, .closing:
            break
        case .connecting(let attempt):
            self.attempt = attempt
        case .reconnecting(let attempt, let delay, let lastError):
            self.attempt = attempt
            delayMs = Int((delay / .milliseconds(1)).rounded())
            error = lastError.description
        case .closed(.requested(let code, let reason)):
            self.code = code
            self.reason = reason
        case .closed(.failed(let lastError)):
            error = lastError.description
        }
    }
}

/// `ws.message`: a frame received on a connection. Text frames arrive as the text;
/// binary frames as base64 with `binary: true`.
struct MessageEvent: BridgeEvent, Decodable {
    static let eventName = "ws.message"
    let id: String
    let data: String
    var binary: Bool?

    init(id: String, message: WebSocketMessage) {
        self.id = id
        switch message {
        case .text(let text):
            data = text
        case .binary(let bytes):
            data = bytes.base64EncodedString()
            binary = true
        }
    }
}

extension WebSocketState {
    /// The state's name as pages see it.
    var relayName: String {
        switch self {
        case .idle: "idle"
        case .connecting: "connecting"
        case .open: "open"
        case .reconnecting: "reconnecting"
        case .closing: "closing"
        case .closed: "closed"
        }
    }
}
