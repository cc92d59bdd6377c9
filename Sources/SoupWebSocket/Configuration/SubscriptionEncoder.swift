import FoundationEssentials

/// Builds the app-defined message that subscribes to or unsubscribes from a topic,
/// since every feed protocol spells it differently.
public struct SubscriptionEncoder: Sendable {
    /// What a subscription message asks the server to do; its raw value is what `.json` writes
    /// as `type`.
    public enum Action: String, Sendable {
        /// Start, or stop, receiving a topic's messages.
        case subscribe, unsubscribe
    }

    private let encode: @Sendable (Action, String) throws -> WebSocketMessage

    /// An encoder for the server's own protocol: `encode` turns an action and a topic into the
    /// frame to send; an error it throws fails the subscription with `encodingFailed`.
    public init(_ encode: @escaping @Sendable (Action, String) throws -> WebSocketMessage) {
        self.encode = encode
    }

    /// `{"type":"subscribe","topic":T}` and `{"type":"unsubscribe","topic":T}` as text frames.
    public static let json = SubscriptionEncoder { action, topic in
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(["type": action.rawValue, "topic": topic])
        return .text(String(decoding: data, as: UTF8.self))
    }

    func message(_ action: Action, topic: String) throws(WebSocketError) -> WebSocketMessage {
        do {
            return try encode(action, topic)
        } catch {
            throw .encodingFailed(reason: "\(error)")
        }
    }
}
