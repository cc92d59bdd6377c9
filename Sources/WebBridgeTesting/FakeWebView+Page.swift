import Foundation
import ScriptMessaging
import WebBridge

/// The page's side: messages as the page client posts them, answers as its Promises settle.
extension FakeWebView {
    /// `window.webkit.messageHandlers[name].postMessage(…)` as WebKit hands `body` over, and
    /// the answer once the Promise settles; a name with no handler is rejected, as WebKit
    /// rejects a post to a handler that is not there.
    public func post(_ name: String, _ body: MessageBody) async -> PageAnswer {
        let reply = FakeReply()
        deliver(name, body, to: reply)
        return await reply.answer()
    }

    /// Posts without waiting: `reply` holds whatever was answered at once, and later answers
    /// as they come.
    public func deliver(_ name: String, _ body: MessageBody, to reply: FakeReply) {
        guard let handler = handlers[name] else { return reply.reject(message: "no message handler \(name)") }
        handler(body, reply)
    }

    /// `bridge.invoke(name, payload)` with the payload's JSON text (nil: no payload), routed
    /// as the page client routes it: to the handler of that name when the bridge registered
    /// one, else through the bridge's router (which answers `unknown-handler`).
    public func invoke(_ name: String, json: String?) async -> PageAnswer {
        guard name != routerName, handlers[name] != nil else {
            return await post(routerName, WebViewBridge.routerBody(json: json ?? "null", name: name))
        }
        return await post(name, Self.body(posting: json))
    }

    /// `await bridge.invoke(name, payload)` in the page, decoded as `type`: throws the error
    /// the Promise rejects with (its `code` the page's), or `invalid-payload` when the payload
    /// does not encode or the answer is not a `type`.
    public func invoke<Result: Decodable>(_ name: String, _ payload: (any Encodable)? = nil,
                                          as type: Result.Type) async throws(BridgeError) -> Result {
        let json = try payload.map { payload throws(BridgeError) in try PageWire.json(of: payload) }
        return try await invoke(name, json: json).value(as: type)
    }

    /// `await bridge.invoke(name, payload)` in the page, for a handler whose answer the test
    /// reads as any JSON value (or not at all); throws the error the Promise rejects with.
    @discardableResult
    public func invoke(_ name: String, _ payload: (any Encodable)? = nil) async throws(BridgeError) -> JSONValue {
        try await invoke(name, payload, as: JSONValue.self)
    }

    /// The body WebKit hands over for a posted value: a string stays a string, `undefined`
    /// (no payload) is `.undefined`, any other value is its JSON text.
    private static func body(posting json: String?) -> MessageBody {
        guard let json else { return .undefined }
        if json.hasPrefix("\""), let text = try? JSONCoders.decode(String.self, from: Data(json.utf8)) { return .string(text) }
        return .json(Data(json.utf8))
    }
}
