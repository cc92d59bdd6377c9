/// Writes a `JSONTree` again, at random, the many ways JSON text can say the same thing
/// (whitespace, `\u` escapes, `\/`, numbers as `25e-1` or `2.50`), and now and then says
/// something else: a duplicate, extra, missing or null member, an integer out of range,
/// or text that is not JSON at all (cut short, a lone surrogate, a raw control character,
/// bytes that are not UTF-8). Whatever it writes, both decoders must answer alike.
struct JSONSpelling {
    var generator: SeededGenerator
    /// How often a change of meaning is made, per place it could be.
    var mutation = 0.02

    mutating func spell(_ tree: JSONTree) -> [UInt8] {
        var output: [UInt8] = []
        write(tree, to: &output)
        if generator.chance(0.05) { corrupt(&output) }
        return output
    }

    private mutating func space(_ output: inout [UInt8]) {
        guard generator.chance(0.1) else { return }
        for _ in 0..<Int.random(in: 1...2, using: &generator) { output.append(generator.pick([0x20, 0x09, 0x0A, 0x0D])) }
    }

    private mutating func write(_ tree: JSONTree, to output: inout [UInt8]) {
        space(&output)
        switch tree {
        case .literal(let word):
            output.append(contentsOf: word.utf8)
        case .number(let text):
            output.append(contentsOf: respell(number: text).utf8)
        case .string(let raw):
            writeString(raw, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            space(&output)
            output.append(UInt8(ascii: "]"))
        case .object(var members):
            if generator.chance(0.3) { members.shuffle(using: &generator) }
            if !members.isEmpty, generator.chance(mutation * 3) {
                // The same name twice: Foundation keeps the first.
                var copy = generator.pick(members)
                copy.value = generator.pick(members).value
                members.insert(copy, at: Int.random(in: 0...members.count, using: &generator))
            }
            if generator.chance(mutation * 3) {
                var values = RandomValues(generator: generator)
                let key = Array(JSONSpelling.escaped(values.key()).utf8)
                generator = values.generator
                members.insert(JSONTree.Member(key: key, value: generator.pick(members.map(\.value) + [.literal("null"), .number("1")])),
                               at: Int.random(in: 0...members.count, using: &generator))
            }
            if !members.isEmpty, generator.chance(mutation) { members.remove(at: Int.random(in: 0..<members.count, using: &generator)) }
            if !members.isEmpty, generator.chance(mutation) { members[Int.random(in: 0..<members.count, using: &generator)].value = .literal("null") }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                space(&output)
                writeString(member.key, to: &output)
                space(&output)
                output.append(UInt8(ascii: ":"))
                write(member.value, to: &output)
            }
            space(&output)
            output.append(UInt8(ascii: "}"))
        }
        space(&output)
    }

    // MARK: Numbers

    /// The same number written another way, or (rarely) ten times larger.
    private mutating func respell(number text: String) -> String {
        var text = Substring(text)
        let negative = text.first == "-"
        if negative { text.removeFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...])!
            text = text[..<e]
        }
        var digits = String(text)
        if let point = digits.firstIndex(of: ".") {
            exponent -= digits.distance(from: point, to: digits.endIndex) - 1
            digits.remove(at: point)
        }
        if generator.chance(mutation) { digits += "0" }
        guard generator.chance(0.3) else {
            return (negative ? "-" : "") + plain(digits, exponent)
        }
        // digits × 10^exponent, with trailing zeros added and the point moved.
        let zeros = generator.pick([0, 0, 1, 3])
        digits += String(repeating: "0", count: zeros)
        exponent -= zeros
        let fraction = Int.random(in: 0...(digits.count + 2), using: &generator)
        let padded = String(repeating: "0", count: max(0, fraction - digits.count)) + digits
        var whole = String(padded.dropLast(fraction).drop { $0 == "0" })
        if whole.isEmpty { whole = "0" }
        let shown = exponent + fraction
        var result = negative ? "-" : ""
        result += whole
        if fraction > 0 { result += "." + String(padded.suffix(fraction)) }
        if shown != 0 || generator.chance(0.2) {
            let sign = shown < 0 ? "-" : generator.pick(["", "+"])
            result += generator.pick(["e", "E"]) + sign + String(abs(shown))
        }
        return result
    }

    /// digits × 10^exponent as an encoder would write it, exponent only if needed.
    private func plain(_ digits: String, _ exponent: Int) -> String {
        var digits = String(digits.drop { $0 == "0" })
        if digits.isEmpty { digits = "0" }
        if exponent == 0 { return digits }
        if exponent > 0 { return digits + "e" + String(exponent) }
        let fraction = -exponent
        if fraction >= digits.count { return "0." + String(repeating: "0", count: fraction - digits.count) + digits }
        return digits.dropLast(fraction) + "." + digits.suffix(fraction)
    }

    // MARK: Strings

    /// `text` as a JSON string's contents, with only the escapes JSON requires.
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{0}"..."\u{1F}": output += "\\u" + hex(UInt16(scalar.value))
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func hex(_ unit: UInt16, upper: Bool = false) -> String {
        let digits = String(unit, radix: 16, uppercase: upper)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    private mutating func writeString(_ raw: [UInt8], to output: inout [UInt8]) {
        output.append(0x22)
        guard let scalars = Self.unescape(raw) else {
            output.append(contentsOf: raw)
            output.append(0x22)
            return
        }
        for scalar in scalars {
            let short: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "/": generator.chance(0.5) ? "\\/" : nil
            case "\u{8}": "\\b"
            case "\u{C}": "\\f"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: nil
            }
            let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
            if let short, !generator.chance(0.3) {
                output.append(contentsOf: short.utf8)
            } else if mustEscape || generator.chance(0.1) {
                let upper = generator.chance(0.5)
                for unit in String(scalar).utf16 { output.append(contentsOf: ("\\u" + Self.hex(unit, upper: upper)).utf8) }
            } else {
                output.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        output.append(0x22)
    }

    /// The scalars of a string's contents; nil if it holds anything but well-formed escapes.
    static func unescape(_ raw: [UInt8]) -> [Unicode.Scalar]? {
        var units: [UInt16] = []
        var bytes: [UInt8] = []
        var scalars: [Unicode.Scalar] = []
        func flushBytes() -> Bool {
            guard !bytes.isEmpty else { return true }
            guard let text = String(validating: bytes, as: UTF8.self) else { return false }
            scalars += text.unicodeScalars
            bytes = []
            return true
        }
        func flushUnits() -> Bool {
            guard !units.isEmpty else { return true }
            var decoded: [Unicode.Scalar] = []
            var iterator = units.makeIterator()
            var utf16 = UTF16()
            loop: while true {
                switch utf16.decode(&iterator) {
                case .scalarValue(let scalar): decoded.append(scalar)
                case .emptyInput: break loop
                case .error: return false
                }
            }
            scalars += decoded
            units = []
            return true
        }
        var index = 0
        while index < raw.count {
            if raw[index] != UInt8(ascii: "\\") {
                guard flushUnits() else { return nil }
                bytes.append(raw[index])
                index += 1
                continue
            }
            guard flushBytes(), index + 1 < raw.count else { return nil }
            let escape = raw[index + 1]
            if escape == UInt8(ascii: "u") {
                guard index + 6 <= raw.count, let unit = UInt16(String(decoding: raw[index + 2..<index + 6], as: UTF8.self), radix: 16)
                else { return nil }
                units.append(unit)
                index += 6
                continue
            }
            guard flushUnits() else { return nil }
            let map: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
            guard let byte = map[escape] else { return nil }
            scalars.append(Unicode.Scalar(byte))
            index += 2
        }
        guard flushUnits(), flushBytes() else { return nil }
        return scalars
    }

    // MARK: Not JSON

    private mutating func corrupt(_ output: inout [UInt8]) {
        let at = Int.random(in: 0...output.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: output.removeSubrange(at..<output.count)
        case 1: output.insert(generator.pick([0xFF, 0xC3, 0x80, 0xED, 0x00, 0x01]), at: at)
        case 2: output.insert(contentsOf: Array(generator.pick(["\\ud800", "\\udc00", "\\udc00\\ud800", "\\ud83d"]).utf8), at: at)
        case 3: output.insert(contentsOf: Array(generator.pick(["\"\\ud800\"", "\"a\u{1}b\"", "\"\\ud83d\\ude00\"", "\"\\x\""]).utf8), at: at)
        case 4: output += Array(generator.pick([" x", ",", "]", "}", "\u{0}", " 1"]).utf8)
        case 5: output.insert(contentsOf: Array(generator.pick(["01", "1.", "-", "+1", ".5", "1e", "NaN", "Infinity", "1e999"]).utf8), at: at)
        default:
            if let quote = output.firstIndex(of: 0x22) { output.insert(generator.pick([0x0A, 0x09, 0x1F]), at: quote + 1) }
        }
    }
}
