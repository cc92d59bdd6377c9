/// The code and reason of a close the client sends, checked against RFC 6455 before
/// libsoup sees them: libsoup meets 1006 or 1015 with `libsoup-CRITICAL`, sends other
/// reserved codes to the peer as a protocol error, and cuts a long reason mid-character.
public struct WebSocketCloseFrame: Equatable, Sendable {
    /// The longest reason a close frame holds, in UTF-8 bytes.
    public static let maxReasonBytes = 123

    /// 1000, "": the normal close.
    public static let normal = WebSocketCloseFrame(checked: 1000, "")

    /// The close code (1000 normal, 1001 going away, 3000–4999 the application's own).
    public let code: UInt16
    /// Why the connection closes, for the peer's logs; at most `maxReasonBytes` of UTF-8.
    public let reason: String

    /// Takes the codes a client may send: 1000–1003, 1007–1010 and 3000–4999 (1011 and up
    /// to 2999 are the server's or reserved, 1005, 1006 and 1015 are never sent), and a
    /// reason of at most 123 UTF-8 bytes without NUL.
    public init(code: UInt16 = 1000, reason: String = "") throws(WebSocketError) {
        guard (1000...1003).contains(code) || (1007...1010).contains(code) || (3000...4999).contains(code) else {
            throw .invalidCloseFrame("close code \(code) may not be sent (use 1000–1003, 1007–1010 or 3000–4999)")
        }
        guard reason.utf8.count <= Self.maxReasonBytes else {
            throw .invalidCloseFrame("the close reason is \(reason.utf8.count) bytes long, over \(Self.maxReasonBytes) bytes of UTF-8")
        }
        guard !reason.utf8.contains(0) else { throw .invalidCloseFrame("the close reason contains NUL") }
        self.init(checked: code, reason)
    }

    private init(checked code: UInt16, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
