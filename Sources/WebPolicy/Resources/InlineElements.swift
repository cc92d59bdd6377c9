/// The text of each inline `<script>` and `<style>` element and of each event-handler
/// attribute (`onclick="…"`) of an HTML document, as WebKit's parser hands it to the policy
/// check (line ends normalized to LF, character references in attribute values decoded):
/// what the app scheme hashes into the policy of the file it serves, so the file's own
/// inline code runs and nothing added at run time does.
///
/// A light scan, not a parser: comments are skipped, a `<script>` with a `src` attribute
/// has no inline text, and an element ends at its first `</script` or `</style`. Where it
/// reads more than the parser would (a `<script>` inside `<textarea>`), the extra hash
/// allows only text the file's author wrote. Attribute values are decoded for numeric
/// references and `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;`; a handler using any other
/// named reference does not match its hash and stays refused (and reported).
package struct InlineElements: Equatable, Sendable {
    /// The text of each inline script, in document order.
    package private(set) var scripts: [[UInt8]] = []
    /// The text of each `<style>` element, in document order.
    package private(set) var styles: [[UInt8]] = []
    /// The value of each `on…` attribute of any element, in document order.
    package private(set) var eventHandlers: [[UInt8]] = []
    /// Where each `<script` start tag's name ends (the index after `t`), in document order:
    /// where a ` nonce="…"` attribute can go without moving any line.
    package private(set) var scriptTagNameEnds: [Int] = []

    /// Scans `html` (UTF-8, or any ASCII-compatible encoding).
    package init(html: [UInt8]) {
        var index = 0
        while let open = html[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            if Self.matches(html, at: index, "!--") {
                index = Self.find(Array("-->".utf8), in: html, from: index + 3).map { $0 + 3 } ?? html.count
                continue
            }
            guard index < html.count, Self.isLetter(html[index]) else { continue }
            var nameEnd = index
            while nameEnd < html.count, !HTMLBytes.isSpace(html[nameEnd]), ![UInt8(ascii: ">"), UInt8(ascii: "/")].contains(html[nameEnd]) {
                nameEnd += 1
            }
            let name = String(decoding: html[index..<nameEnd].map(HTMLBytes.lowercased), as: UTF8.self)
            guard let (end, attributes) = Self.tagEnd(html, from: nameEnd) else { return }
            for (attribute, value) in attributes where attribute.hasPrefix("on") {
                eventHandlers.append(Self.normalizingLineEnds(HTMLBytes.decodingCharacterReferences(value)[...]))
            }
            index = end + 1
            guard name == "script" || name == "style" else { continue }
            if name == "script" { scriptTagNameEnds.append(nameEnd) }
            let close = Self.find(Array("</\(name)".utf8), in: html, from: end + 1, ignoringCase: true) ?? html.count
            let text = Self.normalizingLineEnds(html[(end + 1)..<close])
            if name == "style" {
                styles.append(text)
            } else if !attributes.contains(where: { $0.name == "src" }) {
                scripts.append(text)
            }
            index = close
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(HTMLBytes.lowercased(byte))
    }

    /// The index of the tag's `>` and its attributes (names in lower case, raw values), or
    /// nil when it never ends.
    private static func tagEnd(_ html: [UInt8], from start: Int) -> (Int, [(name: String, value: ArraySlice<UInt8>)])? {
        var attributes: [(name: String, value: ArraySlice<UInt8>)] = []
        var index = start
        while index < html.count {
            let byte = html[index]
            if byte == UInt8(ascii: ">") { return (index, attributes) }
            if HTMLBytes.isSpace(byte) || byte == UInt8(ascii: "/") { index += 1; continue }
            let nameStart = index
            // A name takes the first character whatever it is (even `=`), as the tokenizer does.
            index += 1
            while index < html.count, !HTMLBytes.isSpace(html[index]), ![UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "/")].contains(html[index]) {
                index += 1
            }
            let name = String(decoding: html[nameStart..<index].map(HTMLBytes.lowercased), as: UTF8.self)
            while index < html.count, HTMLBytes.isSpace(html[index]) { index += 1 }
            guard index < html.count, html[index] == UInt8(ascii: "=") else {
                attributes.append((name, []))
                continue
            }
            index += 1
            while index < html.count, HTMLBytes.isSpace(html[index]) { index += 1 }
            guard index < html.count else { return nil }
            if html[index] == UInt8(ascii: "\"") || html[index] == UInt8(ascii: "'") {
                let quote = html[index]
                guard let end = html[(index + 1)...].firstIndex(of: quote) else { return nil }
                attributes.append((name, html[(index + 1)..<end]))
                index = end + 1
            } else {
                let valueStart = index
                while index < html.count, !HTMLBytes.isSpace(html[index]), html[index] != UInt8(ascii: ">") { index += 1 }
                attributes.append((name, html[valueStart..<index]))
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
