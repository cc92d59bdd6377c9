import ScriptMessaging
import WebBridge
import WebKitGTK
import GLibCore

/// The real WebKitGTK view as the bridge's web view: reply-capable message handlers in
/// any script world, main-frame document-start scripts, evaluated script as JSON text.
extension WebView: BridgeWebView {
    public func addDocumentStartScript(_ script: DocumentStartScript) -> AnyObject {
        userContent.add(UserScript(source: script.source, injectionTime: .documentStart, frames: .mainFrameOnly,
                                   world: script.world))
    }

    public func removeDocumentStartScript(_ handle: AnyObject) {
        if let script = handle as? InstalledUserScript { userContent.remove(script) }
    }

    public func addMessageHandler(named name: String, world: String?,
                                  _ receive: @escaping @MainActor (MessageBody, any ReplyChannel) -> Void) {
        userContent.addChannelMessageHandler(name: name, world: world) { message, channel in receive(message, channel) }
    }

    public func removeMessageHandler(named name: String, world: String?) {
        userContent.removeMessageHandler(name: name, world: world)
    }

    public var pageURI: String? { uri }

    /// WebKit's page number, which the web process extension hands the page (see
    /// `WebProcessExtension`); nil where the context does not load the extension.
    public var pageIdentifier: UInt64? { context.webProcessExtensions.isEmpty ? nil : pageID }

    public func serveBinaryRequests(host: String, _ receive: @escaping @MainActor (any BinaryRequest) -> Void) -> BinaryRoute? {
        // Two ways in, one channel: the web process extension's file descriptors where the
        // page has them, the scheme's fetch where it does not (see `WebProcessExtension`).
        let scheme = ViewScheme.serve(ViewScheme.bridge, for: self, receive)
        let webProcess = serveWebProcessBinaryRequests(receive)
        return BinaryRoute(baseURI: "\(ViewScheme.bridge)://\(host)/",
                           handle: Observation { withExtendedLifetime((scheme, webProcess)) {} })
    }

    public func runJavaScript(_ script: String) async throws -> String? {
        try await evaluateJavaScriptJSON(script, world: nil)
    }

    public func runAsyncJavaScript(_ body: String) async throws -> String? {
        try await callAsyncJavaScriptJSON(body, world: nil)
    }

    public func observePageLoads(_ observer: @escaping @MainActor (PageLoadEvent) -> Void) -> AnyObject {
        let loads = observe { event in
            switch event {
            case .load(.started(let uri)): observer(.started(uri: uri))
            case .load(.committed(let uri)): observer(.committed(uri: uri))
            case .load(.finished(let uri)): observer(.finished(uri: uri))
            case .loadFailed(let error): observer(.failed(uri: error.uri, message: "\(error)"))
            case .responsivenessChanged(isResponsive: false): observer(.unresponsive)
            case .webProcessTerminated: observer(.webProcessTerminated)
            default: break
            }
        }
        let destroyed = Signals.connect(reference.raw, "destroy") { observer(.closed) }
        return Observation { [destroyed] in
            loads.cancel()
            withExtendedLifetime(destroyed) {}
        }
    }
}
