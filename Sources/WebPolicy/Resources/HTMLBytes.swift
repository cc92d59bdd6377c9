/// The byte classes HTML's tokenizer uses, for the scans of served documents
/// (`PolicyMetaTag`, `InlineElements`).
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
