import Foundation
import WebBridge

/// What `bridge.invokeBinary` resolves with in the page: bytes, or the JSON of a handler
/// with a typed answer, which the page gets decoded.
public enum BinaryAnswer: Equatable, Sendable {
    /// The page gets an `ArrayBuffer` of these bytes.
    case bytes(Data)
    /// The page gets this JSON text parsed.
    case json(String)

    /// A typed answer decoded as `type`; `invalid-payload` for bytes or another shape.
    public func value<Value: Decodable>(as type: Value.Type) throws(BridgeError) -> Value {
        switch self {
        case .json(let json): try PageWire.decode(json, as: type)
        case .bytes(let data): throw BridgeError(.invalidPayload, "the page got \(data.count) bytes, not JSON")
        }
    }
}
