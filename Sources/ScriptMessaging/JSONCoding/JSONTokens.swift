/// JSON text scanned once into a flat list of tokens, which `TokenDecoder` reads without
/// building any value it is not asked for: a string or number stays bytes until decoded.
///
/// The scanner is strict, stricter than Foundation's where the two could differ: anything it
/// does not vouch for (a malformed text, a bad escape, an unpaired surrogate, a control
/// character in a string, nesting deeper than `maxDepth`) makes `scan` return nil, and the
/// caller leaves the text to Foundation's decoder, which says what is wrong with it.
package struct JSONTokens {
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, array, object
    }

    struct Token {
        var kind: Kind
        /// A string holding escapes or bytes beyond ASCII (so not comparable byte by byte),
        /// a number with a fraction or an exponent, an object with such a string as a key.
        var isComplex = false
        /// The bytes of a string (between its quotes) or a number.
        var start: Int32 = 0
        var end: Int32 = 0
        /// The index of the token after this value and all the tokens inside it.
        var next: Int32 = 0
        /// An array's elements, an object's members (each a key token and a value's tokens).
        var count: Int32 = 0
    }

    /// Deeper text is left to Foundation, whose own limit is deeper still.
    static let maxDepth = 200

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var tokens: [Token] = []
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        tokens.reserveCapacity(16)
    }

    /// The tokens of `bytes`, one JSON value with optional whitespace around it; nil if the
    /// scanner does not vouch for the text.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONTokens? {
        guard bytes.count < Int32.max else { return nil }
        var scanner = JSONTokens(bytes)
        guard scanner.value(depth: 0) else { return nil }
        scanner.skipSpace()
        return scanner.index == bytes.count ? scanner : nil
    }

    /// Whether `text` is JSON that `JSONSerialization` takes too; false is no verdict.
    package static func vouches(for text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let scanned = scan(bytes) else { return false }
            // It refuses numbers beyond a Double's range.
            return scanned.tokens.allSatisfy { token in
                token.kind != .number || (!token.isComplex && token.end - token.start < 300)
                    || Double(String(decoding: scanned.text(of: token), as: UTF8.self))?.isFinite == true
            }
        }
    }

    subscript(_ token: Int) -> Token {
        tokens[token]
    }

    /// The raw bytes of a string or number token.
    func text(of token: Token) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
    }

    // MARK: Scanning

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> Bool {
        skipSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return container(.object, closer: UInt8(ascii: "}"), depth: depth)
        case UInt8(ascii: "["): return container(.array, closer: UInt8(ascii: "]"), depth: depth)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true", .true)
        case UInt8(ascii: "f"): return literal("false", .false)
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func container(_ kind: Kind, closer: UInt8, depth: Int) -> Bool {
        guard depth < Self.maxDepth else { return false }
        let at = tokens.count
        tokens.append(Token(kind: kind))
        index += 1
        skipSpace()
        var count: Int32 = 0
        if index < bytes.count, bytes[index] == closer {
            index += 1
        } else {
            while true {
                if kind == .object {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), string() else { return false }
                    if tokens[tokens.count - 1].isComplex { tokens[at].isComplex = true }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                    index += 1
                }
                guard value(depth: depth + 1) else { return false }
                count += 1
                skipSpace()
                guard index < bytes.count else { return false }
                let separator = bytes[index]
                index += 1
                if separator == closer { break }
                guard separator == UInt8(ascii: ",") else { return false }
            }
        }
        tokens[at].count = count
        tokens[at].next = Int32(tokens.count)
        return true
    }

    private mutating func literal(_ word: StaticString, _ kind: Kind) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count - index >= length else { return false }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += length
        append(Token(kind: kind))
        return true
    }

    private mutating func append(_ token: Token) {
        var token = token
        token.next = Int32(tokens.count + 1)
        tokens.append(token)
    }

    /// `"…"`; escapes are checked here and undone only when the string is decoded.
    private mutating func string() -> Bool {
        index += 1
        let start = index
        var escaped = false
        var high: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            high |= byte
            if byte == UInt8(ascii: "\"") {
                append(Token(kind: .string, isComplex: escaped || high >= 0x80, start: Int32(start), end: Int32(index)))
                index += 1
                return true
            }
            if byte < 0x20 { return false }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard let after = JSONEscapes.skip(bytes, at: index) else { return false }
                index = after
            } else {
                index += 1
            }
        }
        return false
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number() -> Bool {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() else { return false }
        }
        var complex = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
            complex = true
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return false }
            complex = true
        }
        append(Token(kind: .number, isComplex: complex, start: Int32(start), end: Int32(index)))
        return true
    }

    /// One or more digits.
    private mutating func digits() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index > start
    }
}
