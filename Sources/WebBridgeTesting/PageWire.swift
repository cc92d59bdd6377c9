import Foundation
import ScriptMessaging
import WebBridge

/// What the page client makes of what reaches the page, written once for messages, events
/// and bytes: JSON read with the bridge's coders, rejections read as the client reads them.
enum PageWire {
    /// `json` as the page parses it, then decoded as `type` (dates as milliseconds, as the
    /// bridge sends them); `invalid-payload` naming the field when it is not a `type`.
    static func decode<Value: Decodable>(_ json: String, as type: Value.Type) throws(BridgeError) -> Value {
        do {
            return try JSONCoders.decode(Value.self, from: Data(json.utf8))
        } catch {
            let reason = BridgeError.from(error)
            throw BridgeError(.invalidPayload, "the page got \(json), not a \(Value.self): \(reason.message)")
        }
    }

    /// A rejection's message as the page client turns it into an `Error`: the bridge's
    /// `{"code","message"}` JSON keeps its code, any other text is `handler-failed`.
    static func error(fromRejection message: String) -> BridgeError {
        guard message.hasPrefix("{"),
              let wire = try? JSONCoders.decode(Wire.self, from: Data(message.utf8)) else {
            return BridgeError(.handlerFailed, message)
        }
        return BridgeError(wire.code, wire.message)
    }

    /// The payload's JSON text as a page sends it; a value that does not encode is refused as
    /// the page client refuses one it cannot copy.
    static func json(of payload: any Encodable) throws(BridgeError) -> String {
        do {
            return try JSONCoders.encodeText(payload)
        } catch {
            throw BridgeError(.invalidPayload, "the payload cannot be sent: \(error)")
        }
    }

    private struct Wire: Decodable {
        let code: BridgeError.Code
        let message: String
    }
}
