import WebBridge
import WebKitGTK

/// A reply shaped by size for the page client, which gets it through the relay (see
/// `BridgeRelayScript`) or, with `BridgeContentWorld.page`, straight from WebKit.
///
/// A small reply goes as its JSON *text*, a string: the relay hands it to the page client as
/// a primitive `CustomEvent` detail, which crosses into the page's world without a
/// structured clone, and the client parses it once. Measured, that wins for small replies
/// and loses for large ones, where JavaScriptCore's clone beats a parse in the page: a large
/// object or array goes parsed. Anything else (a string above all) always goes as text, so
/// the client reads every string reply as JSON text.
@MainActor
final class JSONTextReply: MessageReply {
    /// Replies up to this many bytes of JSON go as text.
    static let textLimit = 16 * 1024

    private let reply: ScriptMessageReply

    init(_ reply: ScriptMessageReply) {
        self.reply = reply
    }

    func resolve(json: String) {
        if json.utf8.count > Self.textLimit, Self.isObjectOrArray(json) {
            reply.resolve(json: json)
        } else {
            reply.resolve(string: json)
        }
    }

    func reject(message: String) {
        reply.reject(message: message)
    }

    private static func isObjectOrArray(_ json: String) -> Bool {
        let first = json.utf8.first { !" \t\r\n".utf8.contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
