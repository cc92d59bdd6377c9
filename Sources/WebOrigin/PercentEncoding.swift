/// Percent-escapes read and written one way wherever a URI names bytes: a file path
/// (`LocalFilePath`), a request path of the app's scheme.
public enum PercentEncoding {
    /// Decodes `%XX` escapes once into the bytes they stand for; nil for a malformed escape.
    public static func decodedBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// Decodes `%XX` escapes once into UTF-8 text; nil for a malformed escape or bytes that are
    /// not UTF-8 (as Foundation's `removingPercentEncoding`, which would link ICU's data).
    public static func decodedText(_ text: String) -> String? {
        decodedBytes(text).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// The one spelling of `bytes` as a URI path: each byte outside `A-Z a-z 0-9 - . _ ~ /`
    /// (`%` too) as `%XX` in upper case, so two spellings of the same bytes meet.
    public static func encodedPath(_ bytes: some Sequence<UInt8>) -> String {
        bytes.reduce(into: "") { path, byte in
            if isPlainPathByte(byte) {
                path.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                path += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
    }

    private static func isPlainPathByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~/".utf8.contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
