import WebBridge
import WebKitGTK

/// The real WebKitGTK view as the bridge's web view: reply-capable message handlers in
/// any script world, main-frame document-start scripts, evaluated script as JSON text.
extension WebView: BridgeWebView {
    public func addDocumentStartScript(_ script: DocumentStartScript) -> AnyObject {
        userContent.add(UserScript(source: script.source, injectionTime: .documentStart, frames: .mainFrameOnly,
                                   world: script.world, allowList: script.allowList))
    }

    public func removeDocumentStartScript(_ handle: AnyObject) {
        if let script = handle as? InstalledUserScript { userContent.remove(script) }
    }

    public func addMessageHandler(named name: String, world: String?,
                                  _ receive: @escaping @MainActor (MessageBody, any MessageReply) -> Void) {
        userContent.addMessageHandler(name: name, world: world) { message, reply in
            receive(MessageBody(message), TextReply(reply))
        }
    }

    public func removeMessageHandler(named name: String, world: String?) {
        userContent.removeMessageHandler(name: name, world: world)
    }

    public var pageURI: String? { uri }

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

/// Answers with JSON as text (see `MessageReply.resolve(json:)`): WebKit copies a string
/// to the page far more cheaply than it builds and serialises the value.
@MainActor
private final class TextReply: MessageReply {
    private let reply: ScriptMessageReply

    init(_ reply: ScriptMessageReply) {
        self.reply = reply
    }

    func resolve(json: String) { reply.resolve(string: json) }
    func reject(message: String) { reply.reject(message: message) }
}

extension MessageBody {
    init(_ message: ScriptMessage) {
        switch message {
        case .string(let text): self = .string(text)
        case .json(let data): self = .json(data)
        case .undefined: self = .undefined
        }
    }
}
