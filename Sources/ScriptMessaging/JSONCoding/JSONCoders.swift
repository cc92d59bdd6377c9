import FoundationEssentials

/// The bridge's JSON coding: quick coders of its own for what messages and replies carry,
/// Foundation's for anything they leave to it (see `TokenDecoder` and `StreamingEncoder`).
///
/// Foundation's coders are slow on Linux for small payloads: measured in a real web view,
/// decoding and encoding a one-field struct took about 16 µs of a 200 µs round trip. The
/// quick coders follow Foundation's with their default options, which is why these keep
/// theirs: one encoder and one decoder for the whole bridge, made once.
///
/// One option differs, dates: a `Date` crosses as JavaScript's own number for it, whole
/// milliseconds since 1970 (`new Date(ms)`, `date.getTime()`), not Foundation's seconds
/// since 2001. Swift's dates hold fractions of a millisecond; they are rounded to the nearest
/// one, so the page gets the integer JavaScript would have and a page's date comes back as
/// it went. The page client sends a `Date` object as that number; ISO 8601 text — what
/// `JSON.stringify` makes of a `Date` in a JSON string body — is read too. A number is always
/// milliseconds: seconds sent by mistake (`Date.now() / 1000`) read as an instant in January
/// 1970, which nothing can tell from a real one. The quick coders leave dates to these two.
package enum JSONCoders {
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            // Past Int64's range (no date a page can make) the number is written as it is.
            if let whole = Int64(exactly: milliseconds) { try container.encode(whole) } else { try container.encode(milliseconds) }
        }
        return encoder
    }()
    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in try readDate(decoder) }
        return decoder
    }()

    /// A date as the page sends one: milliseconds since 1970, or ISO 8601 text.
    private static func readDate(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let milliseconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: milliseconds / 1000) }
        if let text = try? container.decode(String.self), let date = JavaScriptDateText.date(from: text) { return date }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "expected a date: milliseconds since 1970 (date.getTime()) or ISO 8601 text (date.toISOString())"))
    }

    /// `json` decoded as `type`; Foundation's errors when it does not decode.
    package static func decode<Value: Decodable>(_ type: Value.Type, from json: Data) throws -> Value {
        do {
            return try TokenDecoder.decode(Value.self, from: json)
        } catch {
            return try decoder.decode(Value.self, from: json)
        }
    }

    /// A script's completion value as WebKit gives it, JSON text or nil for `undefined` (read
    /// as null), decoded as `type`: the one way evaluated script is read, by the web view and by
    /// the bridge, so a page's `Date` or `getTime()` means the same instant through either.
    package static func decode<Value: Decodable>(_ type: Value.Type, fromScriptResult json: String?) throws -> Value {
        try decode(Value.self, from: Data((json ?? "null").utf8))
    }

    /// `value` as JSON text.
    package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        if let bytes = StreamingEncoder.encode(value) { return Data(bytes) }
        return try encoder.encode(value)
    }

    /// `value` as JSON text, as a string.
    package static func encodeText<Value: Encodable>(_ value: Value) throws -> String {
        if let bytes = StreamingEncoder.encode(value) { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
