/// Messages sent while no connection is open, in send order, up to a fixed capacity.
///
/// Bounded so that a long outage cannot grow memory without limit; a full queue
/// refuses the new message with an error instead of dropping an old one.
struct SendQueue {
    let capacity: Int
    private(set) var messages: [WebSocketMessage] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    var isEmpty: Bool { messages.isEmpty }

    mutating func append(_ message: WebSocketMessage) throws(WebSocketError) {
        guard messages.count < capacity else { throw .sendQueueFull(capacity: capacity) }
        messages.append(message)
    }

    /// Takes every waiting message, oldest first, leaving the queue empty.
    mutating func removeAll() -> [WebSocketMessage] {
        defer { messages = [] }
        return messages
    }
}
