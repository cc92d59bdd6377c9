/// File paths as the bytes the file system uses, which need not be UTF-8: made absolute and
/// tidied without touching the disk, and written as `file://` URIs byte for byte.
enum FilePathBytes {
    /// Drops empty and `.` segments and resolves `..` against the segment before it.
    static func standardized(_ path: [UInt8]) -> [UInt8] {
        var segments: [ArraySlice<UInt8>] = []
        for segment in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if segment.elementsEqual(".".utf8) { continue }
            if segment.elementsEqual("..".utf8) { _ = segments.popLast(); continue }
            segments.append(segment)
        }
        return segments.reduce(into: []) { result, segment in result += [UInt8(ascii: "/")] + segment }.nonEmpty ?? [UInt8(ascii: "/")]
    }

    /// `file://` and the path, every byte outside RFC 3986's path characters percent-encoded.
    static func fileURI(_ path: [UInt8]) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
        var uri = "file://"
        for byte in path {
            if allowed.contains(byte) {
                uri.append(Character(Unicode.Scalar(byte)))
            } else {
                uri += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return uri
    }
}

private extension Array {
    var nonEmpty: Self? { isEmpty ? nil : self }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
