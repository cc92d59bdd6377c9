/// Measures how deeply JSON text nests, without parsing it, so an over-deep payload is
/// refused before a decoder recurses through it.
enum JSONDepth {
    /// Whether `bytes` (JSON text) nests arrays and objects more than `limit` levels deep.
    /// Text shorter than the limit cannot, and is not scanned.
    static func exceeds(_ limit: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > limit else { return false }
        var depth = 0
        var index = 0
        let count = bytes.count
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                // Skip the string: only a quote not escaped by a backslash ends it.
                index += 1
                while index < count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\\") { index += 2; continue }
                    if byte == UInt8(ascii: "\"") { break }
                    index += 1
                }
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
}
