import WebBridge

/// The pages using one connection, one per window (a bridge shows one page at a time), with
/// the topics each subscribed to and whether it hears the connection's events.
///
/// A window keeps its topics and its use across reloads, so a new page takes the connection
/// up where the last one left it, until it closes the connection or the window goes.
/// Windows are held weakly; one that is gone holds nothing.
@MainActor
struct ConnectionUsers {
    private var users: [User] = []

    private struct User {
        weak var bridge: WebViewBridge?
        var topics: [String] = []
        var listening = true
    }

    /// Whether no window uses the connection any more.
    var isEmpty: Bool { !users.contains { $0.bridge != nil } }

    /// The windows that hear the connection's events.
    var listeners: [WebViewBridge] { users.filter(\.listening).compactMap(\.bridge) }

    /// Every topic some window holds, in the order they were first subscribed.
    var heldTopics: [String] {
        var seen = Set<String>()
        return users.filter { $0.bridge != nil }.flatMap(\.topics).filter { seen.insert($0).inserted }
    }

    func contains(_ bridge: WebViewBridge) -> Bool {
        users.contains { $0.bridge === bridge }
    }

    func topics(of bridge: WebViewBridge) -> [String] {
        users.first { $0.bridge === bridge }?.topics ?? []
    }

    /// Makes `bridge` a user that hears events (again).
    mutating func add(_ bridge: WebViewBridge) {
        users.removeAll { $0.bridge == nil }
        if let index = index(of: bridge) {
            users[index].listening = true
        } else {
            users.append(User(bridge: bridge))
        }
    }

    mutating func remove(_ bridge: WebViewBridge) {
        users.removeAll { $0.bridge == nil || $0.bridge === bridge }
    }

    /// Stops events to `bridge` (its page was replaced); it stays a user.
    mutating func stopListening(_ bridge: WebViewBridge) {
        if let index = index(of: bridge) { users[index].listening = false }
    }

    mutating func subscribe(_ topic: String, for bridge: WebViewBridge) {
        guard let index = index(of: bridge), !users[index].topics.contains(topic) else { return }
        users[index].topics.append(topic)
    }

    mutating func unsubscribe(_ topic: String, for bridge: WebViewBridge) {
        guard let index = index(of: bridge) else { return }
        users[index].topics.removeAll { $0 == topic }
    }

    private func index(of bridge: WebViewBridge) -> Int? {
        users.firstIndex { $0.bridge === bridge }
    }
}
