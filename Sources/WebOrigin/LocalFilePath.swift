/// The path a `file:` URI names on this machine, as the bytes the file system reads.
///
/// File names are bytes, not always UTF-8 (a Latin-1 `caf\xE9.html` is a real file), so a
/// path is percent-decoded once and kept and compared as bytes: `%E9` and `%e9` are one name,
/// `caf%C3%A9` and `café` another, and `%25E9` (a literal `%`) a third. What could be read
/// two ways is refused rather than cleaned up: a host other than none or `localhost`, a
/// relative path, a malformed escape, a NUL, and a `.` or `..` segment, escaped ones too
/// (`..%2F` climbs out of a directory once a file system reads it).
public struct LocalFilePath: Hashable, Sendable, CustomStringConvertible {
    /// The absolute path: no `.` or `..` segment, no NUL.
    public let bytes: [UInt8]

    /// The path of a `file:` URI (`file:///p`, `file://localhost/p`, `file:/p`; any query or
    /// fragment left out); nil for another scheme or a URI refused as above.
    public init?(fileURI uri: String) {
        guard Origin.scheme(of: uri) == "file" else { return nil }
        var rest = Substring(uri).dropFirst("file:".count)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let host = rest.prefix { $0 != "/" }
            guard host.isEmpty || host.lowercased() == "localhost" else { return nil }
            rest = rest.dropFirst(host.count)
        }
        rest = rest.prefix { $0 != "?" && $0 != "#" }
        guard rest.hasPrefix("/"), let bytes = PercentEncoding.decodedBytes(String(rest)), !bytes.contains(0),
              !bytes.split(separator: UInt8(ascii: "/")).contains(where: { $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8) })
        else { return nil }
        self.bytes = bytes
    }

    private init(checkedBytes: [UInt8]) {
        bytes = checkedBytes
    }

    /// The directory holding this path, ending in `/`: the path up to its last `/`, so a
    /// path ending in `/` is its own directory.
    public var directory: LocalFilePath {
        LocalFilePath(checkedBytes: Array(bytes[...bytes.lastIndex(of: UInt8(ascii: "/"))!]))
    }

    /// Whether `path` is in this directory or below it, byte for byte (this path is read as
    /// a directory: `/tmp/site` holds `/tmp/site/a.html`, never `/tmp/site2/a.html`).
    public func contains(_ path: LocalFilePath) -> Bool {
        path.bytes.starts(with: bytes.last == UInt8(ascii: "/") ? bytes : bytes + [UInt8(ascii: "/")])
    }

    /// The path as text, when its bytes are UTF-8.
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The one spelling of this path as a URI: `file://` and the bytes escaped as
    /// `PercentEncoding.encodedPath` escapes them.
    public var uri: String {
        "file://" + PercentEncoding.encodedPath(bytes)
    }

    /// The path for a person: its text when that is UTF-8 without a `%`, else the escaped
    /// bytes (`%` too), so the two forms never meet.
    public var description: String {
        if let text, !text.contains("%") { return text }
        return PercentEncoding.encodedPath(bytes)
    }
}
