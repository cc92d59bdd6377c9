import Foundation

/// The bridge's JSON coding: quick coders of its own for what messages and replies carry,
/// Foundation's for anything they leave to it (see `TokenDecoder` and `StreamingEncoder`).
///
/// Foundation's coders are slow on Linux for small payloads: measured in a real web view,
/// decoding and encoding a one-field struct took about 16 µs of a 200 µs round trip. The
/// quick coders follow Foundation's with their default options, which is why these keep
/// theirs: one encoder and one decoder for the whole bridge, made once.
///
/// One option differs, dates: a `Date` crosses as JavaScript's own number for it,
/// milliseconds since 1970 (`new Date(ms)`, `date.getTime()`), not Foundation's seconds
/// since 2001. The quick coders leave dates to these two.
enum JSONCoders {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return encoder
    }()
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()

    /// `json` decoded as `type`; Foundation's errors when it does not decode.
    static func decode<Value: Decodable>(_ type: Value.Type, from json: Data) throws -> Value {
        do {
            return try TokenDecoder.decode(Value.self, from: json)
        } catch {
            return try decoder.decode(Value.self, from: json)
        }
    }

    /// `value` as JSON text.
    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        if let bytes = StreamingEncoder.encode(value) { return Data(bytes) }
        return try encoder.encode(value)
    }

    /// `value` as JSON text, as a string.
    static func encodeText<Value: Encodable>(_ value: Value) throws -> String {
        if let bytes = StreamingEncoder.encode(value) { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
