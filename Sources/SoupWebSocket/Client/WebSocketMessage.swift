import FoundationEssentials

/// One WebSocket data frame, as sent or received: the unit the client queues,
/// relays and decodes.
public enum WebSocketMessage: Equatable, Sendable {
    /// A text frame: UTF-8 on the wire, a `String` here.
    case text(String)
    /// A binary frame, its bytes as sent.
    case binary(Data)

    /// The frame's payload as bytes (text as UTF-8), which is what a decoder reads.
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }
}
