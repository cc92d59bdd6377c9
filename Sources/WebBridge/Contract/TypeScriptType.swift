/// A TypeScript type as the contract writes it: what a page may send or will receive.
///
/// Only the shapes JSON can carry, so every type a Swift `Codable` value can take on the
/// bridge has a spelling here, and nothing else does.
public indirect enum TypeScriptType: Hashable, Sendable {
    /// JSON's scalar types, spelled as TypeScript spells them.
    case string, number, boolean, null
    /// A string or number literal, written as JavaScript source (`"red"`, `2`).
    case literal(String)
    /// An array whose elements all have one type (`T[]`).
    case array(TypeScriptType)
    /// A fixed-length array of differently typed elements, read positionally.
    case tuple([TypeScriptType])
    /// An object with arbitrary string keys.
    case record(TypeScriptType)
    /// An object with these named properties (`{ a: T; b?: U }`).
    case object([TypeScriptProperty])
    /// Any one of these types (`A | B`): what a decoder that tries alternatives accepts.
    case union([TypeScriptType])
    /// A named declaration of the same file.
    case reference(String)

    /// `types` as one type: flattened, without repeats, in the order first seen.
    public static func union(of types: [TypeScriptType]) -> TypeScriptType {
        var members: [TypeScriptType] = []
        for type in types {
            for member in type.members where !members.contains(member) { members.append(member) }
        }
        return members.count == 1 ? members[0] : .union(members)
    }

    private var members: [TypeScriptType] {
        if case .union(let members) = self { members } else { [self] }
    }

    /// The type's source text; `indent` is the indentation of the line it starts on.
    func source(indent: String = "") -> String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .null: "null"
        case .literal(let text): text
        case .reference(let name): name
        case .array(let element):
            if case .union = element { "(\(element.source(indent: indent)))[]" } else { "\(element.source(indent: indent))[]" }
        case .tuple(let elements): "[" + elements.map { $0.source(indent: indent) }.joined(separator: ", ") + "]"
        // An index signature rather than Record<>, which a recursive alias cannot use.
        case .record(let value): "{ [key: string]: \(value.source(indent: indent)) }"
        case .union(let members): members.map { $0.source(indent: indent) }.joined(separator: " | ")
        case .object(let properties):
            properties.isEmpty ? "Record<string, never>" : "{\n" + properties.map { $0.source(indent: indent + "  ") + "\n" }.joined() + indent + "}"
        }
    }
}

/// One property of an object type.
public struct TypeScriptProperty: Hashable, Sendable {
    /// The key, as the value's `CodingKeys` spell it.
    public var name: String
    /// The type of the key's value.
    public var type: TypeScriptType
    /// Whether the key may be missing: a Swift optional, which JSONEncoder leaves out when nil.
    public var optional: Bool

    /// A property `name` of `type`; `optional` when the key may be missing.
    public init(_ name: String, _ type: TypeScriptType, optional: Bool = false) {
        self.name = name
        self.type = type
        self.optional = optional
    }

    func source(indent: String) -> String {
        indent + TypeScriptName.property(name) + (optional ? "?: " : ": ") + type.source(indent: indent) + ";"
    }
}
