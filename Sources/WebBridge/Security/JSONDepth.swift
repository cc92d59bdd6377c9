import FoundationEssentials
import Glibc
import ScriptMessaging

/// Measures how deeply JSON text nests, without parsing it, so an over-deep payload is
/// refused before a decoder recurses through it.
enum JSONDepth {
    /// Whether `bytes` (JSON text) nests arrays and objects more than `limit` levels deep.
    /// Text shorter than the limit cannot, and is not scanned.
    static func exceeds(_ limit: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > limit, let base = bytes.baseAddress else { return false }
        var depth = 0
        var index = 0
        let count = bytes.count
        while index < count {
            switch base.load(fromByteOffset: index, as: UInt8.self) {
            case UInt8(ascii: "\""):
                // Strings are most of a large payload: jump to the closing quote with memchr.
                guard let end = closingQuote(base, from: index + 1, count: count) else { return false }
                index = end
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// The offset of the quote ending a string that starts at `start`: the first quote
    /// not preceded by an odd number of backslashes.
    private static func closingQuote(_ base: UnsafeRawPointer, from start: Int, count: Int) -> Int? {
        var from = start
        while from < count {
            guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), count - from) else { return nil }
            let quote = base.distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while quote - backslashes - 1 >= start,
                  base.load(fromByteOffset: quote - backslashes - 1, as: UInt8.self) == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes.isMultiple(of: 2) { return quote }
            from = quote + 1
        }
        return nil
    }
}

extension MessageBody {
    /// Whether the body, read as JSON text, nests arrays and objects deeper than `limit`.
    /// A string is only read so when it starts like an array or object.
    func nestsDeeper(than limit: Int) -> Bool {
        switch self {
        case .json(let data):
            return data.withUnsafeBytes { JSONDepth.exceeds(limit, in: $0) }
        case .string(var text):
            guard let first = text.utf8.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return false }
            return text.withUTF8 { JSONDepth.exceeds(limit, in: UnsafeRawBufferPointer($0)) }
        case .undefined:
            return false
        }
    }
}
