/// The text of each inline `<script>` and `<style>` element of an HTML document, as WebKit's
/// parser hands it to the policy check (line ends normalized to LF): what the app scheme
/// hashes into the policy of the file it serves, so the file's own inline code runs and
/// nothing added at run time does.
///
/// A light scan, not a parser: comments are skipped, a `<script>` with a `src` attribute
/// has no inline text, and an element ends at its first `</script` or `</style`. Where it
/// reads more than the parser would (a `<script>` inside `<textarea>`), the extra hash
/// allows only text the file's author wrote.
package struct InlineElements: Equatable, Sendable {
    /// The text of each inline script, in document order.
    package private(set) var scripts: [[UInt8]] = []
    /// The text of each `<style>` element, in document order.
    package private(set) var styles: [[UInt8]] = []

    /// Scans `html` (UTF-8, or any ASCII-compatible encoding).
    package init(html: [UInt8]) {
        var index = 0
        while let open = html[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            if Self.matches(html, at: index, "!--") {
                index = Self.find(Array("-->".utf8), in: html, from: index + 3).map { $0 + 3 } ?? html.count
                continue
            }
            guard let name = ["script", "style"].first(where: { Self.opens(html, at: index, $0) }),
                  let (end, attributes) = Self.tagEnd(html, from: index + name.count) else { continue }
            let close = Self.find(Array("</\(name)".utf8), in: html, from: end + 1, ignoringCase: true) ?? html.count
            let text = Self.normalizingLineEnds(html[(end + 1)..<close])
            if name == "style" {
                styles.append(text)
            } else if !attributes.contains("src") {
                scripts.append(text)
            }
            index = close
        }
    }

    /// Whether `<` + `name` at `index` opens that element (the name ends there).
    private static func opens(_ html: [UInt8], at index: Int, _ name: String) -> Bool {
        guard matches(html, at: index, name, ignoringCase: true) else { return false }
        let after = index + name.utf8.count
        return after < html.count && (HTMLBytes.isSpace(html[after]) || html[after] == UInt8(ascii: ">") || html[after] == UInt8(ascii: "/"))
    }

    /// The index of the tag's `>` and its attributes' names (lower case), or nil when it never ends.
    private static func tagEnd(_ html: [UInt8], from start: Int) -> (Int, Set<String>)? {
        var names = Set<String>()
        var index = start
        while index < html.count {
            let byte = html[index]
            if byte == UInt8(ascii: ">") { return (index, names) }
            if HTMLBytes.isSpace(byte) || byte == UInt8(ascii: "/") { index += 1; continue }
            let nameStart = index
            while index < html.count, !HTMLBytes.isSpace(html[index]), ![UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "/")].contains(html[index]) {
                index += 1
            }
            names.insert(String(decoding: html[nameStart..<index].map(HTMLBytes.lowercased), as: UTF8.self))
            while index < html.count, HTMLBytes.isSpace(html[index]) { index += 1 }
            guard index < html.count, html[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < html.count, HTMLBytes.isSpace(html[index]) { index += 1 }
            guard index < html.count else { return nil }
            if html[index] == UInt8(ascii: "\"") || html[index] == UInt8(ascii: "'") {
                let quote = html[index]
                guard let end = html[(index + 1)...].firstIndex(of: quote) else { return nil }
                index = end + 1
            } else {
                while index < html.count, !HTMLBytes.isSpace(html[index]), html[index] != UInt8(ascii: ">") { index += 1 }
            }
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in html: [UInt8], from start: Int, ignoringCase: Bool = false) -> Int? {
        guard needle.count <= html.count else { return nil }
        var index = start
        while index + needle.count <= html.count {
            if matches(html, at: index, needle, ignoringCase: ignoringCase) { return index }
            index += 1
        }
        return nil
    }

    private static func matches(_ html: [UInt8], at index: Int, _ text: String, ignoringCase: Bool = false) -> Bool {
        matches(html, at: index, Array(text.utf8), ignoringCase: ignoringCase)
    }

    private static func matches(_ html: [UInt8], at index: Int, _ needle: [UInt8], ignoringCase: Bool) -> Bool {
        guard index + needle.count <= html.count else { return false }
        for offset in needle.indices {
            let byte = html[index + offset]
            if (ignoringCase ? HTMLBytes.lowercased(byte) : byte) != needle[offset] { return false }
        }
        return true
    }

    /// CR LF and lone CR become LF, as the HTML parser's input stream makes them.
    private static func normalizingLineEnds(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var afterCR = false
        for byte in bytes {
            if byte == 0x0A, afterCR { afterCR = false; continue }
            afterCR = byte == 0x0D
            text.append(afterCR ? 0x0A : byte)
        }
        return text
    }
}
