import FoundationEssentials

// The generic standard types the contract reads by their parameters rather than by
// running their `init(from:)` (which needs data to find out what it holds).

/// `Optional`: its wrapped type, and `nil` as a sample.
protocol OptionalContract {
    static var wrappedType: any Decodable.Type { get }
    static var absent: Self { get }
}

extension Optional: OptionalContract where Wrapped: Decodable {
    static var wrappedType: any Decodable.Type { Wrapped.self }
    static var absent: Self { nil }
}

/// Arrays and sets: JSON arrays of one element type.
protocol ArrayContract {
    static var elementType: any Decodable.Type { get }
    static var empty: Self { get }
}

extension Array: ArrayContract where Element: Decodable {
    static var elementType: any Decodable.Type { Element.self }
    static var empty: Self { [] }
}

extension Set: ArrayContract where Element: Decodable {
    static var elementType: any Decodable.Type { Element.self }
    static var empty: Self { [] }
}

/// Dictionaries: JSON objects when keyed by strings or integers (JSONEncoder writes
/// other keys as a flat array of keys and values, which the contract does not describe).
protocol DictionaryContract {
    static var keyType: Any.Type { get }
    static var valueType: any Decodable.Type { get }
    static var empty: Self { get }
}

extension Dictionary: DictionaryContract where Key: Decodable, Value: Decodable {
    static var keyType: Any.Type { Key.self }
    static var valueType: any Decodable.Type { Value.self }
    static var empty: Self { [:] }
}

/// A `CaseIterable` enum with `String` or integer raw values: the union of its raw values,
/// and its first case as a sample.
enum EnumCases {
    static func read<Enum: CaseIterable & RawRepresentable>(_ type: Enum.Type) throws -> (TypeScriptType, Any) {
        let values = try type.allCases.map { value -> TypeScriptType in
            switch value.rawValue {
            case let text as String: .literal(JavaScriptLiteral.string(text))
            case let number as any BinaryInteger: .literal(String(describing: number))
            default: throw ContractError.unsupported(String(reflecting: type), "raw values other than strings and integers")
            }
        }
        guard let first = type.allCases.first else { throw ContractError.unsupported(String(reflecting: type), "an enum without cases") }
        return (.union(of: values), first)
    }
}
