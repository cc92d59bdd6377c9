/// A named type of the generated file: an `interface` for an object, else a `type` alias.
public struct TypeScriptDeclaration: Hashable, Sendable {
    /// The TypeScript name other types refer to it by.
    public var name: String
    /// The type it names: an object becomes an `interface`, anything else a `type` alias.
    public var type: TypeScriptType
    /// A sentence for its `/** … */` comment, so page authors read what Swift says about it.
    public var documentation: String?

    /// A declaration of `type` under `name`, with an optional doc sentence.
    public init(name: String, type: TypeScriptType, documentation: String? = nil) {
        self.name = name
        self.type = type
        self.documentation = documentation
    }

    var source: String {
        let comment = documentation.map { "/** \($0) */\n" } ?? ""
        if case .object(let properties) = type, !properties.isEmpty {
            return comment + "export interface \(name) " + type.source() + "\n"
        }
        return comment + "export type \(name) = " + type.source() + ";\n"
    }
}
