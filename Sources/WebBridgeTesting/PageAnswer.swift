import WebBridge

/// How the page's Promise for one message settled, as the page client receives it.
public enum PageAnswer: Equatable, Sendable {
    /// Resolved with this JSON text, which the page client parses into the value.
    case resolved(String)
    /// Rejected with this message: the bridge's `{"code","message"}` JSON (see
    /// `BridgeError.rejectionMessage`), or text a channel was rejected with otherwise.
    case rejected(String)

    /// The error the page's Promise rejects with, read as the page client reads it: the
    /// bridge's code and message, or `handler-failed` with the text of any other rejection.
    /// Nil when it resolved.
    public var error: BridgeError? {
        guard case .rejected(let message) = self else { return nil }
        return PageWire.error(fromRejection: message)
    }

    /// The value the Promise resolved with, decoded as `type`; throws the error it rejected
    /// with, or `invalid-payload` when the value is not a `type`.
    public func value<Value: Decodable>(as type: Value.Type) throws(BridgeError) -> Value {
        switch self {
        case .resolved(let json): try PageWire.decode(json, as: type)
        case .rejected(let message): throw PageWire.error(fromRejection: message)
        }
    }
}
