/// Something the page can message by name.
///
/// `receive` must answer `reply` exactly once, now or later; the bridge rejects the
/// page's Promise if the reply is dropped unanswered or not answered within `timeout`.
@MainActor
public protocol BridgeHandler {
    /// The name the page calls it by (`bridge.invoke(name, …)`); matched exactly.
    var name: String { get }
    /// How long the page may wait for an answer; nil uses the bridge's default.
    var timeout: Duration? { get }
    /// The pages that may call it; nil uses the bridge's `configuration.callers`.
    var callers: CallerPolicy? { get }
    /// How many of its calls may run at once; later ones wait their turn (nil: no bound).
    /// Bound a slow handler so a burst of calls cannot hold everything up.
    var maxConcurrentCalls: Int? { get }
    /// Handles one message; answer `reply` exactly once, now or later, with a value or an error.
    func receive(_ message: BridgeMessage, reply: BridgeReply)
}

extension BridgeHandler {
    public var timeout: Duration? { nil }
    public var callers: CallerPolicy? { nil }
    public var maxConcurrentCalls: Int? { nil }
}
