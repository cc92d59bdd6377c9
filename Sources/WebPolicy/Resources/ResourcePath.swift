import WebOrigin

/// The file a custom-scheme request names, as path segments checked to stay inside the root.
///
/// Pure string work, so every hostile spelling can be tested in a table: the request path
/// is percent-decoded exactly once, and anything that could climb out of the root or be
/// read differently by another layer is refused rather than cleaned up — `..` and `.`
/// segments, backslashes, NUL and other control characters, and escapes that survive one
/// decoding (`%252e` → `%2e`), since a second decoder anywhere would turn them into `..`
/// or `/`. Empty segments (`//`) are dropped, so an absolute path stays under the root.
public struct ResourcePath: Equatable, Sendable, CustomStringConvertible {
    /// The decoded segments, none empty, `.` or `..`.
    public let segments: [String]

    /// Checks a request path (as it appears in the URI, still percent-encoded); nil if refused.
    public init?(requestPath: String) {
        guard let decoded = Self.percentDecoded(requestPath) else { return nil }
        if decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f || $0 == "\\" }) {
            return nil
        }
        if Self.containsEncodedSeparator(decoded) { return nil }
        var segments: [String] = []
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." || segment == ".." { return nil }
            segments.append(String(segment))
        }
        self.segments = segments
    }

    /// The path relative to the root, `""` for the root itself.
    public var relativePath: String { segments.joined(separator: "/") }

    public var description: String { "/" + relativePath }

    /// Decodes `%XX` escapes once; nil for a malformed escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        PercentEncoding.decodedBytes(text).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Whether text still holds an escape for `.`, `/`, `\` or NUL after one decoding.
    private static func containsEncodedSeparator(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["%2e", "%2f", "%5c", "%00"].contains { lowered.contains($0) }
    }
}
