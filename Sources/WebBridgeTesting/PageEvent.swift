import Foundation
import ScriptMessaging
import WebBridge

/// An event the app sent to the page (`WebViewBridge.dispatch`), as the page's `bridge.on`
/// listeners receive it.
public struct PageEvent: Equatable, Sendable {
    /// The name the page listens for.
    public let name: String
    /// The payload the listeners get, as the page parsed it.
    public let payload: JSONValue

    /// The event a script the bridge ran sends, if it is one: a call of the client's emit
    /// function with the name and the payload, as `PageEventDispatcher` writes it.
    init?(script: String) {
        let call = PageEventDispatcher.emit + "("
        guard script.hasPrefix(call), script.hasSuffix(")"),
              let arguments = try? JSONCoders.decode([JSONValue].self, from: Data(("[" + script.dropFirst(call.count).dropLast() + "]").utf8)),
              arguments.count == 2, case .string(let name) = arguments[0] else { return nil }
        self.name = name
        payload = arguments[1]
    }

    /// The payload decoded as `type`, as a page written in TypeScript would read it.
    public func decode<Payload: Decodable>(_ type: Payload.Type) throws(BridgeError) -> Payload {
        let json: String
        do { json = try JSONCoders.encodeText(payload) } catch { throw BridgeError.from(error) }
        return try PageWire.decode(json, as: type)
    }
}
