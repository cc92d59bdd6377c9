/// A page's text made safe to print on a terminal as part of one line: what a terminal would
/// act on instead of showing is shown escaped, so a page can neither drive the terminal
/// (retitle, clear or colour it: `ESC`, the 8-bit `CSI`, `BEL`…) nor start a line of its own
/// (`\n`, `\r`) that would pose as the app's.
///
/// Escaped: the C0 and C1 control characters and DEL (`\n`, `\r`, `\t` as such, the others
/// as `\u001b`), the Unicode line and paragraph separators and the bidirectional controls
/// that reorder what a terminal shows. Everything else, backslashes included, is kept.
enum TerminalText {
    /// `text` with every character a terminal would act on written as an escape.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isActedOn(scalar): result += "\\u" + hex(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isActedOn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true // bidirectional controls
        default: false
        }
    }

    /// At least four hexadecimal digits, as JSON writes `\u` escapes.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
