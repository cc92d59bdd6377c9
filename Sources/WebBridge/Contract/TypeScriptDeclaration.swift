/// A named type of the generated file: an `interface` for an object, else a `type` alias.
public struct TypeScriptDeclaration: Hashable, Sendable {
    public var name: String
    public var type: TypeScriptType
    public var documentation: String?

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
