extension StringProtocol {
    /// The text without the whitespace at either end (spaces, tabs, line breaks, Unicode's
    /// other spaces): Foundation's `trimmingCharacters(in:)` would link its ICU-backed half,
    /// with ICU's 34 MB of data, into every app.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
