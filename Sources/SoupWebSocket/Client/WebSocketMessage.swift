import Foundation

/// One WebSocket data frame, as sent or received: the unit the client queues,
/// relays and decodes.
public enum WebSocketMessage: Equatable, Sendable {
    case text(String)
    case binary(Data)

    /// The frame's payload as bytes (text as UTF-8), which is what a decoder reads.
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }
}
