/// What a binary handler that only takes bytes answers: nothing, so the page's Promise
/// resolves with null (`BinaryHandler(name, meta:, answer: NoAnswer.self) { …; return NoAnswer() }`).
public struct NoAnswer: Codable, Sendable, TypeScriptRepresentable {
    /// The one value: null on the page.
    public init() {}

    /// Reads the page's null (or anything: there is nothing to read).
    public init(from decoder: any Decoder) throws {}

    /// Writes null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }

    /// `null`.
    public static var typeScript: TypeScriptType { .null }
    /// The one value, for a type that holds it.
    public static var typeScriptSample: NoAnswer { NoAnswer() }
}
