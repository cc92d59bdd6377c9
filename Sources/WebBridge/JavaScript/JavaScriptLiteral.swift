import FoundationEssentials
import ScriptMessaging

/// JavaScript source for values, produced by JSON encoding, never by hand-escaping.
///
/// JSON is valid JavaScript for every value once U+2028 and U+2029 are escaped (older
/// engines reject them raw in string literals); `/` is escaped so `</script>` cannot end
/// an inline script; control characters and NUL are escaped by the encoder. Swift strings
/// cannot hold lone surrogates: they were replaced by U+FFFD when the string was made.
public enum JavaScriptLiteral {
    /// The literal for `value`.
    public static func encode<Value: Encodable>(_ value: Value) throws -> String {
        safe(try JSONCoders.encodeText(value))
    }

    /// The literal for a string.
    public static func string(_ text: String) -> String {
        // Encoding a string cannot fail.
        try! encode(text)
    }

    /// An argument list `a,b,c` for a call.
    public static func arguments(_ values: [any Encodable]) throws -> String {
        try values.map { try encode($0) }.joined(separator: ",")
    }

    /// The statement calling `function` (JavaScript source of a function, such as a page
    /// script's .js file) with `arguments` (JavaScript sources, such as literals from `encode`).
    public static func call(_ function: String, _ arguments: String...) -> String {
        "(" + function + ")(" + arguments.joined(separator: ",") + ");"
    }

    private static func safe(_ json: String) -> String {
        guard json.contains("\u{2028}") || json.contains("\u{2029}") else { return json }
        return json.replacing("\u{2028}", with: "\\u2028")
            .replacing("\u{2029}", with: "\\u2029")
    }
}
