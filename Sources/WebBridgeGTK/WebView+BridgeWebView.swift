import WebBridge
import WebKitGTK

/// The real WebKitGTK view as the bridge's web view: reply-capable message handlers in
/// the page world, main-frame document-start scripts, evaluated script as JSON text.
extension WebView: BridgeWebView {
    public func addDocumentStartScript(_ source: String) {
        userContent.add(UserScript(source: source, injectionTime: .documentStart, frames: .mainFrameOnly))
    }

    public func addMessageHandler(named name: String,
                                  _ receive: @escaping @MainActor (MessageBody, any MessageReply) -> Void) {
        userContent.addMessageHandler(name: name) { message, reply in
            receive(MessageBody(message), reply)
        }
    }

    public func removeMessageHandler(named name: String) {
        userContent.removeMessageHandler(name: name)
    }

    public func runJavaScript(_ script: String) async throws -> String? {
        try await evaluateJavaScriptJSON(script, world: nil)
    }

    public func observePageLoads(_ observer: @escaping @MainActor (PageLoadEvent) -> Void) -> AnyObject {
        observe { event in
            switch event {
            case .load(.started(let uri)): observer(.started(uri: uri))
            case .load(.committed(let uri)): observer(.committed(uri: uri))
            case .load(.finished(let uri)): observer(.finished(uri: uri))
            case .loadFailed(let error): observer(.failed(uri: error.uri, message: "\(error)"))
            default: break
            }
        }
    }
}

extension ScriptMessageReply: MessageReply {}

extension MessageBody {
    init(_ message: ScriptMessage) {
        switch message {
        case .string(let text): self = .string(text)
        case .json(let data): self = .json(data)
        case .undefined: self = .undefined
        }
    }
}
