/// Puts a script of the host's at the top of an HTML document, where it runs before any of
/// the file's own markup, without moving the file's lines.
///
/// The page's policy travels in the response's `Content-Security-Policy` header, which
/// WebKitGTK enforces for a custom scheme's documents (checked with WebKitGTK 2.50.6), so
/// nothing else is written into the file: console messages and error stacks name the
/// file's own lines.
public enum PageScriptTag {
    /// `html` with `script` as an inline script element after a leading byte-order mark,
    /// white space and `<!DOCTYPE …>`, so the document keeps its mode. `script` must be one
    /// line (a line break in it would shift every line of the page after it).
    public static func insert(script: String, into html: [UInt8]) -> [UInt8] {
        precondition(!script.contains(where: \.isNewline), "a page script must be one line")
        var index = 0
        if html.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        index = skipSpace(html, from: index)
        let doctype = Array("<!doctype".utf8)
        if html.count >= index + doctype.count,
           html[index..<(index + doctype.count)].map(HTMLBytes.lowercased) == doctype,
           let end = html[index...].firstIndex(of: UInt8(ascii: ">")) {
            index = end + 1
        }
        return Array(html[..<index]) + Array("<script>\(script)</script>".utf8) + Array(html[index...])
    }

    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, HTMLBytes.isSpace(bytes[index]) { index += 1 }
        return index
    }
}
