import ScriptMessaging
import WebBridge
import WebBridgeTesting

/// What only the bridge's own tests ask of the page: calls forced through the router, and
/// the error a call must end with.
extension FakeWebView {
    struct NotRejected: Error { let answer: PageAnswer }

    /// `bridge.invoke(name, payload)` for a name without its own handler: through the router,
    /// whether or not the bridge has a handler of that name.
    func invokeThroughRouter(_ name: String, json: String) async -> PageAnswer {
        await post(routerName, WebViewBridge.routerBody(json: json, name: name))
    }

    /// Posts and returns the error the page's Promise rejected with.
    func postError(_ name: String, _ body: MessageBody) async throws -> BridgeError {
        try Self.rejection(await post(name, body))
    }

    /// Invokes through the router and returns the error the page's Promise rejected with.
    func invokeError(_ name: String, json: String) async throws -> BridgeError {
        try Self.rejection(await invokeThroughRouter(name, json: json))
    }

    private static func rejection(_ answer: PageAnswer) throws -> BridgeError {
        guard let error = answer.error else { throw NotRejected(answer: answer) }
        return error
    }
}
