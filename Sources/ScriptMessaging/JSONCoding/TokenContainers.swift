/// The three containers of `TokenDecoder`, each reading tokens through the `TokenDocument`;
/// whatever they cannot answer they decline (see `TokenDecoder`).
struct KeyedTokenContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let document: TokenDocument
    let object: Int
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { path?.keys ?? [] }

    var allKeys: [Key] {
        let keys = ((try? document.keys(of: object)) ?? []).compactMap { Key(stringValue: $0) }
        // One integer spelt two ways (`"1"`, `"01"`): Foundation's dictionary of members gives
        // them in hash order, so which value a `[Int: …]` keeps is its call.
        let integers = keys.compactMap(\.intValue)
        if Set(integers).count != integers.count { _ = document.decline() }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        document.member(of: object, named: key.stringValue) != nil
    }

    private func value(_ key: Key) throws -> Int {
        guard let token = document.member(of: object, named: key.stringValue) else { throw document.decline() }
        return token
    }

    /// The member's token unless it is missing or null.
    private func present(_ key: Key) -> Int? {
        guard let token = document.member(of: object, named: key.stringValue), !document.isNull(token) else { return nil }
        return token
    }

    private func child(_ key: Key) -> CodingPathNode {
        CodingPathNode(key, in: path)
    }

    func decodeNil(forKey key: Key) throws -> Bool { document.isNull(try value(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try document.bool(value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try document.string(value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try document.floatingPoint(value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try document.floatingPoint(value(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try document.integer(value(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try document.integer(value(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try document.integer(value(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try document.integer(value(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try document.integer(value(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try document.integer(value(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try document.integer(value(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try document.integer(value(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try document.integer(value(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try document.integer(value(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try document.decode(T.self, at: value(key), path: child(key))
    }

    // One lookup each, instead of the default's three.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key).map(document.bool) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key).map(document.string) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try present(key).map { try document.floatingPoint($0) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key).map { try document.integer($0) } }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key).map { try document.decode(T.self, at: $0, path: child(key)) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TokenDecoder(document: document, token: value(key), path: child(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TokenDecoder(document: document, token: value(key), path: child(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw document.decline() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw document.decline() }
}

struct UnkeyedTokenContainer: UnkeyedDecodingContainer {
    let document: TokenDocument
    let path: CodingPathNode?
    let count: Int?
    private(set) var currentIndex = 0
    /// The token of the element at `currentIndex`.
    private var token: Int

    init(document: TokenDocument, array: Int, path: CodingPathNode?) {
        self.document = document
        self.path = path
        count = Int(document.tokens[array].count)
        token = array + 1
    }

    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var isAtEnd: Bool { currentIndex >= count! }

    /// The next element's token, moving past it.
    private mutating func next() throws -> Int {
        guard !isAtEnd else { throw document.decline() }
        let element = token
        token = Int(document.tokens[element].next)
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw document.decline() }
        guard document.isNull(token) else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try document.bool(next()) }
    mutating func decode(_ type: String.Type) throws -> String { try document.string(next()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try document.floatingPoint(next()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try document.floatingPoint(next()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try document.integer(next()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try document.integer(next()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try document.integer(next()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try document.integer(next()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try document.integer(next()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try document.integer(next()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try document.integer(next()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try document.integer(next()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try document.integer(next()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try document.integer(next()) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let place = CodingPathNode(IndexKey(currentIndex), in: path)
        return try document.decode(T.self, at: next(), path: place)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let place = CodingPathNode(IndexKey(currentIndex), in: path)
        return try TokenDecoder(document: document, token: next(), path: place).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let place = CodingPathNode(IndexKey(currentIndex), in: path)
        return try TokenDecoder(document: document, token: next(), path: place).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { throw document.decline() }
}

struct SingleTokenContainer: SingleValueDecodingContainer {
    let document: TokenDocument
    let token: Int
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { path?.keys ?? [] }

    func decodeNil() -> Bool { document.isNull(token) }
    func decode(_ type: Bool.Type) throws -> Bool { try document.bool(token) }
    func decode(_ type: String.Type) throws -> String { try document.string(token) }
    func decode(_ type: Double.Type) throws -> Double { try document.floatingPoint(token) }
    func decode(_ type: Float.Type) throws -> Float { try document.floatingPoint(token) }
    func decode(_ type: Int.Type) throws -> Int { try document.integer(token) }
    func decode(_ type: Int8.Type) throws -> Int8 { try document.integer(token) }
    func decode(_ type: Int16.Type) throws -> Int16 { try document.integer(token) }
    func decode(_ type: Int32.Type) throws -> Int32 { try document.integer(token) }
    func decode(_ type: Int64.Type) throws -> Int64 { try document.integer(token) }
    func decode(_ type: UInt.Type) throws -> UInt { try document.integer(token) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try document.integer(token) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try document.integer(token) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try document.integer(token) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try document.integer(token) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try document.decode(T.self, at: token, path: path)
    }
}
