/// What a `Range` request header asks of a file of known length (RFC 9110 §14).
///
/// Only single byte ranges are honoured — all media elements ask for one; a header that
/// is malformed or asks for several ranges is ignored and the whole file is sent, as the
/// RFC allows. A range that starts past the end is unsatisfiable (416).
public enum ByteRange: Equatable, Sendable {
    /// Send the whole file with 200.
    case whole
    /// Send bytes `first...last` (inclusive) with 206.
    case partial(first: Int, last: Int)
    /// Answer 416 with `Content-Range: bytes */length`.
    case unsatisfiable

    /// Reads a `Range` header (nil when the request has none) against a file of `length`
    /// bytes; never fails: what it cannot honour becomes `.whole` or `.unsatisfiable`.
    public init(header: String?, length: Int) {
        guard let header else { self = .whole; return }
        let trimmed = header.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("bytes=") else { self = .whole; return }
        let spec = trimmed.dropFirst("bytes=".count).trimmingSpaces
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let startText = spec[..<dash].trimmingSpaces, endText = spec[spec.index(after: dash)...].trimmingSpaces
        if startText.isEmpty {
            // bytes=-N: the last N bytes.
            guard let suffix = Int(digits: endText) else { self = .whole; return }
            guard suffix > 0, length > 0 else { self = .unsatisfiable; return }
            self = .partial(first: max(0, length - suffix), last: length - 1)
            return
        }
        guard let first = Int(digits: startText) else { self = .whole; return }
        var last = length - 1
        if !endText.isEmpty {
            guard let end = Int(digits: endText), end >= first else { self = .whole; return }
            last = min(end, length - 1)
        }
        self = first < length ? .partial(first: first, last: last) : .unsatisfiable
    }

    /// The `Content-Range` header value for a file of `length` bytes; nil for `.whole`.
    public func contentRange(length: Int) -> String? {
        switch self {
        case .whole: nil
        case .partial(let first, let last): "bytes \(first)-\(last)/\(length)"
        case .unsatisfiable: "bytes */\(length)"
        }
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

private extension Int {
    /// Only ASCII digits, so `+5`, `0x10` and `-3` are not read as numbers.
    init?(digits: String) {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(digits) else { return nil }
        self = value
    }
}
