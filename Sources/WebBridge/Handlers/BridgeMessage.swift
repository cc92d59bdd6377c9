import FoundationEssentials
import ScriptMessaging

/// One message from the page, undecoded until a handler asks for the shape it takes.
///
/// A body posted as a JSON string and one posted as a structured value decode to the same
/// thing; a string that is not JSON is a plain string value.
public struct BridgeMessage: Sendable {
    /// The handler the page addressed.
    public let name: String
    /// What the page sent, as it arrived; decode it with `decode(_:)`.
    public let body: MessageBody

    /// A message as the web view received it; tests make their own to drive a handler.
    public init(name: String, body: MessageBody) {
        self.name = name
        self.body = body
    }

    /// The body decoded as `type`; throws `invalid-payload` naming the field and type.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(BridgeError) -> Value {
        do {
            return try JSONCoders.decode(Value.self, from: json)
        } catch let error as DecodingError {
            throw BridgeError(.invalidPayload, error.fieldDescription)
        } catch {
            throw BridgeError(.invalidPayload, String(describing: error))
        }
    }

    /// The body as JSON text bytes, without parsing it when it already is JSON.
    public var json: Data {
        switch body {
        case .json(let data): data
        case .undefined: Data("null".utf8)
        case .string(let text): Self.isJSON(text) ? Data(text.utf8) : Self.encodedString(text)
        }
    }

    /// The body as text: a posted string as it was, any other value as its JSON text.
    public var text: String {
        switch body {
        case .string(let text): text
        case .json(let data): String(decoding: data, as: UTF8.self)
        case .undefined: ""
        }
    }

    private static func isJSON(_ text: String) -> Bool {
        JSONTokens.vouches(for: text)
            || (try? JSONCoders.decode(JSONValue.self, from: Data(text.utf8))) != nil
    }

    private static func encodedString(_ text: String) -> Data {
        // Encoding a string cannot fail.
        try! JSONCoders.encode(text)
    }
}
