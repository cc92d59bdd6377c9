/// A `Decoder` with no data that records what a type's `init(from:)` asks of it: the
/// contract's way to see a `Decodable` type's JSON shape, since Swift has no reflection
/// over `Codable` types.
///
/// Keyed reads succeed with a sample value of the requested type (nested types are
/// described by the `TypeDescriber` as they come), `decodeIfPresent` reads are optional
/// keys and return nil, and value-level reads succeed or fail as the `ShapeReading` says.
struct ShapeDecoder: Decoder {
    let reading: ShapeReading
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard reading.attempt() else { throw ShapeDecoder.declined(codingPath) }
        return KeyedDecodingContainer(KeyedShapeContainer<Key>(reading: reading, object: reading.readObject(), codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard reading.attempt() else { throw ShapeDecoder.declined(codingPath) }
        return UnkeyedShapeContainer(reading: reading, list: reading.readList(), codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleShapeContainer(reading: reading, codingPath: codingPath)
    }

    /// The failure of a read the reading declines, so the type tries its next way.
    static func declined(_ codingPath: [any CodingKey]) -> DecodingError {
        .typeMismatch(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "declined to follow another way of decoding"))
    }

    /// Decoding that needs more than the contract records (nested containers, super decoders).
    static func unsupported(_ reading: ShapeReading, _ what: String) -> ContractError {
        .unsupported(reading.typeName, what + " in init(from:)")
    }
}

/// A single value: each read is one attempt of the reading.
private struct SingleShapeContainer: SingleValueDecodingContainer {
    let reading: ShapeReading
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        guard reading.attempt() else { return false }
        reading.readSingle(.null)
        return true
    }

    private func read<T: Decodable>(_ type: T.Type) throws -> T {
        guard reading.attempt() else { throw ShapeDecoder.declined(codingPath) }
        reading.readSingle(try reading.describer.type(of: type))
        return try reading.describer.sample(of: type)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    func decode(_ type: String.Type) throws -> String { try read(type) }
    func decode(_ type: Double.Type) throws -> Double { try read(type) }
    func decode(_ type: Float.Type) throws -> Float { try read(type) }
    func decode(_ type: Int.Type) throws -> Int { try read(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
}

/// A keyed container: every key is there; `decodeIfPresent` makes it optional.
private struct KeyedShapeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reading: ShapeReading
    let object: ObjectShape
    let codingPath: [any CodingKey]
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    /// Asking whether a key is null makes it nullable; the answer is no, so the type reads on.
    func decodeNil(forKey key: Key) -> Bool {
        object.add(key.stringValue, .null, optional: false)
        return false
    }

    private func read<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        object.add(key.stringValue, try reading.describer.type(of: type), optional: false)
        return try reading.describer.sample(of: type)
    }

    private func readIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        object.add(key.stringValue, try reading.describer.type(of: type), optional: true)
        return nil
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try readIfPresent(type, key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try readIfPresent(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw ShapeDecoder.unsupported(reading, "nested containers")
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw ShapeDecoder.unsupported(reading, "nested containers") }
    func superDecoder() throws -> any Decoder { throw ShapeDecoder.unsupported(reading, "super decoders") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw ShapeDecoder.unsupported(reading, "super decoders") }
}

/// An unkeyed container: an array when the type loops to its end, else a tuple.
private struct UnkeyedShapeContainer: UnkeyedDecodingContainer {
    let reading: ShapeReading
    let list: ListShape
    let codingPath: [any CodingKey]
    var count: Int? { nil }
    var isAtEnd: Bool { list.isAtEnd() }
    var currentIndex: Int { list.elements.count }

    mutating func decodeNil() -> Bool { false }

    private func read<T: Decodable>(_ type: T.Type) throws -> T {
        list.add(try reading.describer.type(of: type))
        return try reading.describer.sample(of: type)
    }

    private func readIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        list.add(.union(of: [try reading.describer.type(of: type), .null]))
        return nil
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try readIfPresent(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try readIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try readIfPresent(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw ShapeDecoder.unsupported(reading, "nested containers")
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ShapeDecoder.unsupported(reading, "nested containers") }
    mutating func superDecoder() throws -> any Decoder { throw ShapeDecoder.unsupported(reading, "super decoders") }
}
