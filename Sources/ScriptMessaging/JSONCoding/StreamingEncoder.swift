import FoundationEssentials

/// The bridge's quick JSON encoder: writes what Foundation's `JSONEncoder` (default options)
/// writes, straight into one buffer as the value encodes itself, at a fraction of the cost of
/// a small reply on Linux. Members come in the order they were encoded (Foundation's order
/// is its dictionary's); numbers, strings and escapes are written exactly as Foundation's.
///
/// It answers only when it is sure: anything it does not handle itself (`Data`, `URL`, `Date` and
/// `Decimal`, which Foundation encodes its own way, a value that encodes nothing, a key
/// encoded twice, a container written to after a later one, a `superEncoder`, a number
/// that is not finite) and any error at all make `encode` return nil, and the caller asks
/// Foundation, whose answer (or error) stands.
struct StreamingEncoder: Encoder {
    let writer: JSONTextWriter
    /// Which value this encoder writes (see `JSONTextWriter.encode`).
    let slot: Int
    let path: CodingPathNode?

    /// The JSON text of `value`; nil when Foundation must decide.
    static func encode<T: Encodable>(_ value: T) -> [UInt8]? {
        let writer = JSONTextWriter()
        guard (try? writer.encode(value, path: nil)) != nil, !writer.declined else { return nil }
        return writer.output
    }

    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedStreamingContainer<Key>(writer: writer, container: writer.open(.object, for: slot), path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedStreamingContainer(writer: writer, container: writer.open(.array, for: slot), path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleStreamingContainer(writer: writer, slot: slot, path: path)
    }
}

struct KeyedStreamingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONTextWriter
    let container: JSONTextWriter.Handle
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { path?.keys ?? [] }

    private func member(_ key: Key) throws {
        try writer.member(key.stringValue, of: container)
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key); writer.writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key); try writer.write(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key); try writer.write(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key); writer.write(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key); writer.write(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key)
        try writer.encode(value, path: CodingPathNode(key, in: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = (try? member(key)).map { writer.open(.object) } ?? .declined
        return KeyedEncodingContainer(KeyedStreamingContainer<NestedKey>(writer: writer, container: nested, path: CodingPathNode(key, in: path)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = (try? member(key)).map { writer.open(.array) } ?? .declined
        return UnkeyedStreamingContainer(writer: writer, container: nested, path: CodingPathNode(key, in: path))
    }

    mutating func superEncoder() -> any Encoder { writer.declinedEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { writer.declinedEncoder() }
}

struct UnkeyedStreamingContainer: UnkeyedEncodingContainer {
    let writer: JSONTextWriter
    let container: JSONTextWriter.Handle
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var count: Int { writer.count(of: container) }

    private func element() throws {
        try writer.element(of: container)
    }

    mutating func encodeNil() throws { try element(); writer.writeNull() }
    mutating func encode(_ value: Bool) throws { try element(); writer.write(value) }
    mutating func encode(_ value: String) throws { try element(); writer.write(value) }
    mutating func encode(_ value: Double) throws { try element(); try writer.write(value) }
    mutating func encode(_ value: Float) throws { try element(); try writer.write(value) }
    mutating func encode(_ value: Int) throws { try element(); writer.write(value) }
    mutating func encode(_ value: Int8) throws { try element(); writer.write(value) }
    mutating func encode(_ value: Int16) throws { try element(); writer.write(value) }
    mutating func encode(_ value: Int32) throws { try element(); writer.write(value) }
    mutating func encode(_ value: Int64) throws { try element(); writer.write(value) }
    mutating func encode(_ value: UInt) throws { try element(); writer.write(value) }
    mutating func encode(_ value: UInt8) throws { try element(); writer.write(value) }
    mutating func encode(_ value: UInt16) throws { try element(); writer.write(value) }
    mutating func encode(_ value: UInt32) throws { try element(); writer.write(value) }
    mutating func encode(_ value: UInt64) throws { try element(); writer.write(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let place = CodingPathNode(IndexKey(count), in: path)
        try element()
        try writer.encode(value, path: place)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let place = CodingPathNode(IndexKey(count), in: path)
        let nested = (try? element()).map { writer.open(.object) } ?? .declined
        return KeyedEncodingContainer(KeyedStreamingContainer<NestedKey>(writer: writer, container: nested, path: place))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let place = CodingPathNode(IndexKey(count), in: path)
        let nested = (try? element()).map { writer.open(.array) } ?? .declined
        return UnkeyedStreamingContainer(writer: writer, container: nested, path: place)
    }

    mutating func superEncoder() -> any Encoder { writer.declinedEncoder() }
}

struct SingleStreamingContainer: SingleValueEncodingContainer {
    let writer: JSONTextWriter
    let slot: Int
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { path?.keys ?? [] }

    private func value() throws {
        try writer.single(for: slot)
    }

    mutating func encodeNil() throws { try value(); writer.writeNull() }
    mutating func encode(_ value: Bool) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: String) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: Double) throws { try self.value(); try writer.write(value) }
    mutating func encode(_ value: Float) throws { try self.value(); try writer.write(value) }
    mutating func encode(_ value: Int) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: Int8) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: Int16) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: Int32) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: Int64) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: UInt) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: UInt8) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: UInt16) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: UInt32) throws { try self.value(); writer.write(value) }
    mutating func encode(_ value: UInt64) throws { try self.value(); writer.write(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.encodeInPlace(value, slot: slot, path: path)
    }
}
