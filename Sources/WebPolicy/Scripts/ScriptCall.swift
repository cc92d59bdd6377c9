import FoundationEssentials

/// How the page scripts of the WebKit layer (`.js` files beside their Swift, embedded by the
/// EmbedJavaScript plugin, each a function expression) are called with their parameters:
/// one JSON object the script reads, encoded, never hand-escaped.
package enum ScriptCall {
    /// The statement calling `function` with `parameters` as a JavaScript literal that
    /// cannot end a `<script>` element it sits in (`<` escaped) nor trip engines that reject
    /// raw U+2028 and U+2029; keys sorted, so a script's hash is the same on every run.
    package static func source(_ function: String, _ parameters: some Encodable) -> String {
        // Encoding strings, numbers and booleans cannot fail.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try! encoder.encode(parameters), as: UTF8.self)
        // By scalar: a `<` followed by a combining mark is one Character, and must be escaped too.
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": escaped.append(contentsOf: "\\u003c".unicodeScalars)
            case "\u{2028}": escaped.append(contentsOf: "\\u2028".unicodeScalars)
            case "\u{2029}": escaped.append(contentsOf: "\\u2029".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return "(" + function + ")(" + String(escaped) + ");"
    }
}
