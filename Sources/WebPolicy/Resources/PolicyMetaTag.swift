/// Puts a Content-Security-Policy `<meta>` element at the top of an HTML document.
///
/// WebKitGTK sends custom-scheme response headers to the page (`fetch` sees them) but
/// does not enforce a `Content-Security-Policy` header on a document from such a scheme
/// (checked with WebKitGTK 2.50), so the policy is also written into the document itself,
/// before any of the file's own markup can run. The header stays for workers and for
/// WebKit versions that honour it. (`frame-ancestors` cannot be set by `<meta>`.)
public enum PolicyMetaTag {
    /// `html` with the tag inserted after a leading byte-order mark, white space and
    /// `<!DOCTYPE …>`, so the document keeps its mode; then `script`, if any, as an inline
    /// script element that runs before any of the page's own markup.
    public static func insert(policy: String?, script: String? = nil, into html: [UInt8]) -> [UInt8] {
        var index = 0
        if html.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        index = skipSpace(html, from: index)
        let doctype = Array("<!doctype".utf8)
        if html.count >= index + doctype.count,
           html[index..<(index + doctype.count)].map(HTMLBytes.lowercased) == doctype,
           let end = html[index...].firstIndex(of: UInt8(ascii: ">")) {
            index = end + 1
        }
        var tag = policy.map { "<meta http-equiv=\"Content-Security-Policy\" content=\"\(ErrorPage.escape($0))\">" } ?? ""
        if let script { tag += "<script>\(script)</script>" }
        return Array(html[..<index]) + Array(tag.utf8) + Array(html[index...])
    }

    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, HTMLBytes.isSpace(bytes[index]) { index += 1 }
        return index
    }
}
