import FoundationEssentials

/// A `ws://` or `wss://` address, checked once so a typo fails at once instead of
/// after a handshake timeout or a string of reconnect attempts.
struct WebSocketURL: Equatable, Sendable {
    let string: String

    init(_ string: String) throws(WebSocketError) {
        guard let components = URLComponents(string: string),
              let scheme = components.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
              let host = components.host, !host.isEmpty,
              components.fragment == nil
        else { throw .invalidURL(string) }
        self.string = string
    }
}
