import FoundationEssentials
import Glibc
import ScriptMessaging

/// The bridge's quick JSON decoder: what Foundation's `JSONDecoder` (default options) decodes,
/// decoded the same, at a fraction of the cost of a small message on Linux.
///
/// It answers only when it is sure: anything it does not handle itself (`Data`, `URL`, `Date` and
/// `Decimal`, which Foundation decodes its own way, a `superDecoder`, a number it would have
/// to round into an integer) and any error at all, even one the type catches, makes
/// `decode` throw, and the caller asks Foundation, whose answer (or error) stands.
struct TokenDecoder: Decoder {
    let document: TokenDocument
    let token: Int
    let path: CodingPathNode?

    /// The value of `T` in `json`; throws when Foundation must decide. (Not an optional:
    /// a `T?` would have the runtime look up its type on every call.)
    static func decode<T: Decodable>(_ type: T.Type, from json: Data) throws -> T {
        guard let document = TokenDocument(json) else { throw TokenDocument.Declined() }
        let value = try document.decode(T.self, at: 0, path: nil)
        guard !document.declined else { throw TokenDocument.Declined() }
        return value
    }

    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard document.tokens[token].kind == .object else { throw document.decline() }
        try document.checkKeys(of: token)
        return KeyedDecodingContainer(KeyedTokenContainer<Key>(document: document, object: token, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard document.tokens[token].kind == .array else { throw document.decline() }
        return UnkeyedTokenContainer(document: document, array: token, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleTokenContainer(document: document, token: token, path: path)
    }
}

/// The scanned text a `TokenDecoder` reads, and whether it declined anything on the way.
///
/// It reads its own copy of the text: one copy costs less than reading `Data` in place
/// through its generic accessors, which a small message pays for in full on every call.
final class TokenDocument {
    private let text: UnsafeMutableBufferPointer<UInt8>
    let tokens: JSONTokens
    /// Set by every failure, so one a type catches still hands the text to Foundation.
    @exclusivity(unchecked) private(set) var declined = false
    /// Member lookups of large objects, by the object's token; made for the first one.
    @exclusivity(unchecked) private var indexes: [Int: [String: Int]]?

    /// Objects with more members than this get a lookup table.
    private static let indexedMembers = 16

    /// nil if the scanner does not vouch for `json` (see `JSONTokens`).
    init?(_ json: Data) {
        text = .allocate(capacity: max(json.count, 1))
        let count = json.copyBytes(to: text)
        guard let tokens = JSONTokens.scan(UnsafeBufferPointer(rebasing: text[..<count])) else {
            text.deallocate()
            return nil
        }
        self.tokens = tokens
    }

    deinit {
        text.deallocate()
    }

    /// Notes the failure and returns the error to throw.
    func decline() -> any Error {
        declined = true
        return Declined()
    }

    struct Declined: Error {}

    // MARK: Values

    func isNull(_ token: Int) -> Bool {
        tokens[token].kind == .null
    }

    func bool(_ token: Int) throws -> Bool {
        switch tokens[token].kind {
        case .true: true
        case .false: false
        default: throw decline()
        }
    }

    func string(_ token: Int) throws -> String {
        let token = tokens[token]
        guard token.kind == .string else { throw decline() }
        let bytes = tokens.text(of: token)
        guard token.isComplex else { return String(decoding: bytes, as: UTF8.self) }
        let text = bytes.contains(UInt8(ascii: "\\")) ? JSONEscapes.unescape(bytes) : String(validating: bytes, as: UTF8.self)
        guard let text else { throw decline() }
        return text
    }

    /// Integers written as such; `1.0` or `1e2` (which Foundation takes) are left to it.
    func integer<T: FixedWidthInteger>(_ token: Int, as type: T.Type = T.self) throws -> T {
        let token = tokens[token]
        guard token.kind == .number, !token.isComplex else { throw decline() }
        let bytes = tokens.text(of: token)
        let negative = bytes[0] == UInt8(ascii: "-")
        var value: T = 0
        for byte in bytes.dropFirst(negative ? 1 : 0) {
            let digit = T(byte - UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, carry) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { throw decline() }
            value = next
        }
        return value
    }

    /// Parsed as Foundation does (`strtod`); values out of range, which it refuses, are declined.
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ token: Int, as type: T.Type = T.self) throws -> T {
        let token = tokens[token]
        guard token.kind == .number else { throw decline() }
        let bytes = tokens.text(of: token)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = T(text), value.isFinite, value != 0 || Self.isPlainZero(bytes) else { throw decline() }
        // A Float parsed through a Double could round differently: leave any doubt to Foundation.
        if T.self == Float.self, let double = Double(text), T(double) != value { throw decline() }
        return value
    }

    /// Whether a number is zero written without an exponent: Foundation refuses some zeros
    /// with one (`0e1`, `-0.0e1`, `[0.0e1]`) and takes others, so those are its to answer.
    private static func isPlainZero(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            if byte | 0x20 == UInt8(ascii: "e") { return false }
            if byte > UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { return false }
        }
        return true
    }

    /// Any JSON value as `JSONValue`, as its own `init(from:)` would decode it.
    func jsonValue(_ token: Int) throws -> JSONValue {
        switch tokens[token].kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(try floatingPoint(token))
        case .string: return .string(try string(token))
        case .array:
            var elements: [JSONValue] = []
            var element = token + 1
            for _ in 0..<tokens[token].count {
                elements.append(try jsonValue(element))
                element = Int(tokens[element].next)
            }
            return .array(elements)
        case .object:
            var members: [String: JSONValue] = [:]
            var key = token + 1
            for _ in 0..<tokens[token].count {
                let name = try string(key)
                if members[name] == nil { members[name] = try jsonValue(key + 1) }
                key = Int(tokens[key + 1].next)
            }
            return .object(members)
        }
    }

    /// A nested value, through its own `init(from:)`; the types Foundation decodes its own
    /// way are declined.
    func decode<T: Decodable>(_ type: T.Type, at token: Int, path: CodingPathNode?) throws -> T {
        if T.self == JSONValue.self { return try jsonValue(token) as! T }
        if T.self == Data.self || T.self == URL.self || T.self == Decimal.self || T.self == Date.self { throw decline() }
        return try T(from: TokenDecoder(document: self, token: token, path: path))
    }

    // MARK: Objects

    /// The value token of the member named `name`: the first such member, as in Foundation.
    func member(of object: Int, named name: String) -> Int? {
        let count = Int(tokens[object].count)
        if count > Self.indexedMembers { return index(of: object)[name] }
        var name = name
        return name.withUTF8 { wanted in
            let plain = wanted.allSatisfy { $0 < 0x80 }
            var key = object + 1
            for _ in 0..<count {
                if keyMatches(key, wanted, plain: plain) { return key + 1 }
                key = Int(tokens[key + 1].next)
            }
            return nil
        }
    }

    /// Byte equality for ASCII, else String's own (canonical) equality, which is how
    /// Foundation's dictionary of members compares.
    private func keyMatches(_ key: Int, _ wanted: UnsafeBufferPointer<UInt8>, plain: Bool) -> Bool {
        let token = tokens[key]
        if plain, !token.isComplex {
            let bytes = tokens.text(of: token)
            return bytes.count == wanted.count && (wanted.isEmpty || memcmp(bytes.baseAddress!, wanted.baseAddress!, wanted.count) == 0)
        }
        return (try? string(key)) == String(decoding: wanted, as: UTF8.self)
    }

    /// Foundation reads every key of an object as it opens it: one that is not text fails it.
    func checkKeys(of object: Int) throws {
        if tokens[object].isComplex { _ = try keys(of: object) }
    }

    /// The member names of an object, each once, in order.
    func keys(of object: Int) throws -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var key = object + 1
        for _ in 0..<tokens[object].count {
            let name = try string(key)
            if seen.insert(name).inserted { names.append(name) }
            key = Int(tokens[key + 1].next)
        }
        return names
    }

    private func index(of object: Int) -> [String: Int] {
        if let index = indexes?[object] { return index }
        var index: [String: Int] = [:]
        var key = object + 1
        for _ in 0..<tokens[object].count {
            // A key that does not decode is declined when it is looked up.
            if let name = try? string(key), index[name] == nil { index[name] = key + 1 }
            key = Int(tokens[key + 1].next)
        }
        indexes = indexes ?? [:]
        indexes![object] = index
        return index
    }
}

/// A decoding or encoding position as a list of keys, allocated only for nested values.
final class CodingPathNode {
    let parent: CodingPathNode?
    let key: any CodingKey

    init(_ key: any CodingKey, in parent: CodingPathNode?) {
        self.parent = parent
        self.key = key
    }

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: CodingPathNode? = self
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// An array element's place in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue!)" }

    init(_ index: Int) {
        intValue = index
    }

    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
