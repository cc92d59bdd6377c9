/// Checks the handshake's extra headers and offered subprotocols before libsoup sees them:
/// libsoup takes a header with a line break or an empty name as a programming error
/// (`libsoup-CRITICAL`), and a header the handshake sets itself breaks the protocol.
enum HandshakeFields {
    /// Headers the opening handshake writes itself; a second copy would contradict it.
    static let reservedHeaders: Set<String> = [
        "host", "connection", "upgrade", "content-length", "transfer-encoding", "te", "trailer",
        "keep-alive", "proxy-connection", "expect", "sec-websocket-key", "sec-websocket-version",
        "sec-websocket-protocol", "sec-websocket-extensions", "sec-websocket-accept",
    ]

    static func check(headers: [String: String], subprotocols: [String]) throws(WebSocketError) {
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard isToken(name) else {
                throw .invalidHeader(name: name, reason: "a header name must be a non-empty HTTP token (letters, digits, !#$%&'*+-.^_`|~)")
            }
            guard !reservedHeaders.contains(name.lowercased()) else {
                throw .invalidHeader(name: name, reason: "the handshake sets this header itself")
            }
            guard value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
                throw .invalidHeader(name: name, reason: "a header value must not contain line breaks or other control characters")
            }
        }
        for (index, subprotocol) in subprotocols.enumerated() {
            guard isToken(subprotocol) else { throw .invalidSubprotocol(subprotocol, reason: "not an HTTP token") }
            guard !subprotocols[..<index].contains(subprotocol) else {
                throw .invalidSubprotocol(subprotocol, reason: "offered twice")
            }
        }
    }

    /// RFC 9110's token: one or more visible ASCII characters other than separators.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
