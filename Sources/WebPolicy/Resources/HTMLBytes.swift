/// The byte classes HTML's tokenizer uses, for the scans of served documents
/// (`PageScriptTag`, `InlineElements`).
enum HTMLBytes {
    /// Space, tab, LF, CR or FF: HTML's ASCII white space.
    static func isSpace(_ byte: UInt8) -> Bool {
        [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(byte)
    }

    /// ASCII `A`–`Z` as lower case, any other byte unchanged.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

extension HTMLBytes {
    /// The named character references an attribute value is decoded for: the ones markup
    /// escapes quotes and brackets with. Others stay as written.
    private static let namedReferences: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// `value`, an attribute value as written, with its numeric references (`&#39;`, `&#x27;`)
    /// and common named ones (`&quot;`) replaced by their characters in UTF-8, as the
    /// parser hands the value to the page.
    static func decodingCharacterReferences(_ value: ArraySlice<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(value.count)
        var index = value.startIndex
        while index < value.endIndex {
            guard value[index] == UInt8(ascii: "&"), let (scalar, next) = reference(in: value, at: index + 1) else {
                decoded.append(value[index])
                index += 1
                continue
            }
            decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
            index = next
        }
        return decoded
    }

    /// The character a reference starting after its `&` at `start` stands for, and the index after it.
    private static func reference(in value: ArraySlice<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var index = start
        if index < value.endIndex, value[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < value.endIndex && (value[index] | 0x20) == UInt8(ascii: "x")
            if hex { index += 1 }
            let digitsStart = index
            while index < value.endIndex, Character(Unicode.Scalar(value[index])).isHexDigit, hex || Character(Unicode.Scalar(value[index])).isNumber {
                index += 1
            }
            guard index > digitsStart, index - digitsStart <= 8,
                  let number = UInt32(String(decoding: value[digitsStart..<index], as: UTF8.self), radix: hex ? 16 : 10) else { return nil }
            if index < value.endIndex, value[index] == UInt8(ascii: ";") { index += 1 }
            // The tokenizer's replacements: NUL, surrogates and numbers past Unicode become U+FFFD.
            return (Unicode.Scalar(number == 0 ? 0xFFFD : number) ?? "\u{FFFD}", index)
        }
        let nameStart = index
        while index < value.endIndex, Character(Unicode.Scalar(value[index])).isLetter, value[index] < 0x80 { index += 1 }
        guard index < value.endIndex, value[index] == UInt8(ascii: ";"),
              let scalar = namedReferences[String(decoding: value[nameStart..<index], as: UTF8.self)] else { return nil }
        return (scalar, index + 1)
    }
}
