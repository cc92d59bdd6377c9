/// JSON string escapes, read and written as Foundation's coders do: `JSONTokens` checks
/// them, `TokenDecoder` undoes them, `JSONTextWriter` writes them (`/` as `\/`, so `</script>`
/// cannot end an inline script; control characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx`).
enum JSONEscapes {
    /// The index after the escape starting at `index` (a backslash); nil if it is not a
    /// valid escape. A `\u` surrogate counts only with its other half.
    static func skip(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            guard let (_, after) = scalar(bytes, at: index) else { return nil }
            return after
        default:
            return nil
        }
    }

    /// The text of a string's bytes (between its quotes) holding escapes; nil if it is not
    /// valid UTF-8 once unescaped.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            switch escape {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                guard let (scalar, after) = scalar(bytes, at: index) else { return nil }
                text.append(contentsOf: UTF8.encode(scalar)!)
                index = after
                continue
            default: text.append(escape)
            }
            index += 2
        }
        return String(validating: text, as: UTF8.self)
    }

    /// The scalar of `\uXXXX` at `index` (with its `\uXXXX` low half when it is a high
    /// surrogate) and the index after it; nil for a malformed or unpaired one.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        guard let unit = hex4(bytes, at: index + 2) else { return nil }
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
                  let low = hex4(bytes, at: index + 8), (0xDC00...0xDFFF).contains(low) else { return nil }
            return (Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!, index + 12)
        case 0xDC00...0xDFFF:
            return nil
        default:
            return (Unicode.Scalar(unit)!, index + 6)
        }
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: Writing

    /// Appends `text` as a JSON string, quotes included.
    static func write(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
                else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                run = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x20...: output.append(byte)
                default:
                    output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4), hexDigit(byte & 15)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Lower case, as Foundation writes them.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
