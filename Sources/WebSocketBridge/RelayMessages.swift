import ScriptMessaging

// What pages send to the `ws.*` handlers and what they get back; see Resources/bridge.d.ts.

/// `ws.connect`: the address, and the handshake's extra headers and offered subprotocols.
struct ConnectRequest: Decodable {
    let url: String
    let headers: [String: String]?
    let protocols: [String]?
}

/// `ws.subscribe` and `ws.unsubscribe`.
struct TopicRequest: Decodable {
    let id: String
    let topic: String
}

/// `ws.send`: `text` goes out as it is, `json` as its JSON text; exactly one of them.
struct SendRequest: Decodable {
    let id: String
    let text: String?
    let json: JSONValue?
}

/// `ws.close`, with the close frame's code and reason.
struct CloseRequest: Decodable {
    let id: String
    let code: UInt16?
    let reason: String?
}

/// What `ws.connect`, `ws.subscribe`, `ws.unsubscribe` and `ws.close` resolve with: the
/// connection as it is now, so a page attaching to a shared connection can show its state.
struct ConnectionInfo: Codable {
    let id: String
    let url: String
    let state: String
    let subscriptions: [String]
}

/// What `ws.send` resolves with: whether the message waits for a connection.
struct SendReceipt: Codable {
    let id: String
    let queued: Bool
}
