import ScriptMessaging

/// A type that states its own TypeScript type instead of having it read from its
/// `init(from:)`: for types whose decoding tries alternatives the reading cannot follow,
/// such as `JSONValue`.
public protocol TypeScriptRepresentable: Decodable {
    /// Its type; may refer to declarations it lists in `typeScriptDeclarations`.
    static var typeScript: TypeScriptType { get }
    /// Named types `typeScript` refers to.
    static var typeScriptDeclarations: [TypeScriptDeclaration] { get }
    /// A value to hand to the decoding type that holds this one.
    static var typeScriptSample: Self { get }
}

extension TypeScriptRepresentable {
    public static var typeScriptDeclarations: [TypeScriptDeclaration] { [] }
}

extension JSONValue: TypeScriptRepresentable {
    public static var typeScript: TypeScriptType { .reference("JSONValue") }
    public static var typeScriptDeclarations: [TypeScriptDeclaration] {
        [TypeScriptDeclaration(
            name: "JSONValue",
            type: .union([.null, .boolean, .number, .string, .array(.reference("JSONValue")), .record(.reference("JSONValue"))]),
            documentation: "Any JSON value.")]
    }
    public static var typeScriptSample: JSONValue { .null }
}
