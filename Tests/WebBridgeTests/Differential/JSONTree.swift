/// JSON text as a tree that keeps every token's own bytes, so two coders' outputs compare
/// exactly (a number's digits, a string's escapes) whatever order their members come in,
/// and a text can be spelt again another way that means the same.
indirect enum JSONTree: Equatable {
    /// `null`, `true` or `false`.
    case literal(String)
    /// A number's text.
    case number(String)
    /// A string's bytes between its quotes, escapes as written.
    case string([UInt8])
    case array([JSONTree])
    case object([Member])

    struct Member: Equatable {
        var key: [UInt8]
        var value: JSONTree
    }

    /// The tree of `text`; nil unless it is one well-formed JSON value.
    init?(parsing text: [UInt8]) {
        var parser = Parser(bytes: text)
        guard let tree = parser.value(), parser.atEnd else { return nil }
        self = tree
    }

    /// Written without whitespace and with each object's members sorted by their bytes:
    /// equal for two texts that differ only in member order.
    var canonical: [UInt8] {
        var output: [UInt8] = []
        write(to: &output, sorted: true)
        return output
    }

    /// Whether some object has more than one member, so the order of members may differ.
    var hasUnorderedMembers: Bool {
        switch self {
        case .literal, .number, .string: false
        case .array(let elements): elements.contains { $0.hasUnorderedMembers }
        case .object(let members): members.count > 1 || members.contains { $0.value.hasUnorderedMembers }
        }
    }

    private func write(to output: inout [UInt8], sorted: Bool) {
        switch self {
        case .literal(let text), .number(let text): output.append(contentsOf: text.utf8)
        case .string(let raw):
            output.append(0x22)
            output.append(contentsOf: raw)
            output.append(0x22)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output, sorted: sorted)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let ordered = sorted ? members.sorted { $0.key.lexicographicallyPrecedes($1.key) } : members
            for (index, member) in ordered.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(0x22)
                output.append(contentsOf: member.key)
                output.append(0x22)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output, sorted: sorted)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A plain recursive-descent reader of well-formed text (what an encoder wrote).
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return index == bytes.count
            }
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func literal(_ word: String) -> JSONTree? {
            guard bytes[index...].starts(with: word.utf8) else { return nil }
            index += word.utf8.count
            return .literal(word)
        }

        mutating func value() -> JSONTree? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSONTree] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    guard let element = value() else { return nil }
                    elements.append(element)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(elements) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard case .string(let key)? = value() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let member = value() else { return nil }
                    members.append(Member(key: key, value: member))
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "\""):
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                return .string(Array(bytes[start..<index - 1]))
            default:
                switch bytes[index] {
                case UInt8(ascii: "n"): return literal("null")
                case UInt8(ascii: "t"): return literal("true")
                case UInt8(ascii: "f"): return literal("false")
                default: break
                }
                let start = index
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                         UInt8(ascii: "e"), UInt8(ascii: "E"): index += 1
                    default: return index > start ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
                    }
                }
                return index > start ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
            }
        }
    }
}
