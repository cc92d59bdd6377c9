import Foundation
import JSONValue

/// The typed bridge between one web view's pages and Swift.
///
/// It injects the page client (`window.bridge`), routes page messages to handlers and
/// answers each one exactly once, sends events and page calls (queued until the page has
/// committed), and reports failures to its delegate and logger. It holds the web view
/// strongly and handlers hold nothing of it, so dropping the bridge or removing a handler
/// releases whatever that handler captured.
///
/// Create it before the view's first load: the page client is injected into pages loaded
/// after that, and page calls wait for the next committed load.
@MainActor
public final class WebViewBridge {
    public let webView: any BridgeWebView
    public let configuration: BridgeConfiguration
    public weak var delegate: (any WebViewBridgeDelegate)?
    public var logger: any BridgeLogger
    /// Delivers events sent with `dispatch`; replace it to route them elsewhere.
    public var eventDispatcher: any EventDispatcher = PageEventDispatcher()

    private var handlers: [String: any BridgeHandler] = [:]
    private var calls: PageCallQueue!
    private var loadObservation: AnyObject?

    public init(webView: any BridgeWebView, configuration: BridgeConfiguration = BridgeConfiguration(),
                logger: any BridgeLogger = SilentLogger()) {
        self.webView = webView
        self.configuration = configuration
        self.logger = logger
        calls = PageCallQueue(webView: webView) { [weak self] error in self?.report(.script(error)) }
        webView.addDocumentStartScript(BridgeClientScript.source(routerName: configuration.routerName))
        webView.addMessageHandler(named: configuration.routerName) { [weak self] body, reply in
            self?.route(body, reply: reply)
        }
        loadObservation = webView.observePageLoads { [weak self] event in self?.pageLoad(event) }
    }

    // MARK: Loading

    public func load(uri: String) {
        webView.load(uri: uri)
    }

    public func load(html: String, baseURI: String? = nil) {
        webView.load(html: html, baseURI: baseURI)
    }

    // MARK: Handlers

    /// Adds (or replaces) a handler; the page reaches it as
    /// `window.webkit.messageHandlers[name]` and through `bridge.invoke(name, …)`.
    public func add(_ handler: some BridgeHandler) {
        precondition(handler.name != configuration.routerName, "'\(handler.name)' is the bridge's own handler")
        handlers[handler.name] = handler
        let name = handler.name
        webView.addMessageHandler(named: name) { [weak self] body, reply in
            self?.receive(BridgeMessage(name: name, body: body), reply: reply)
        }
        announceHandlerNames()
    }

    /// Removes a handler; its captures are released.
    public func removeHandler(named name: String) {
        guard handlers.removeValue(forKey: name) != nil else { return }
        webView.removeMessageHandler(named: name)
        announceHandlerNames()
    }

    /// Tells the page client the handler names, so its trace can name raw
    /// `messageHandlers.NAME.postMessage` calls (WebKit does not enumerate them).
    private func announceHandlerNames() {
        calls.run("window.bridge.__names(\(JavaScriptLiteral.string(handlerNames.joined(separator: "\n"))))")
    }

    /// Removes every handler and the bridge's own router: the page can no longer reach Swift.
    public func tearDown() {
        handlers.keys.forEach(removeHandler(named:))
        webView.removeMessageHandler(named: configuration.routerName)
        loadObservation = nil
    }

    public var handlerNames: [String] { handlers.keys.sorted() }

    // MARK: Native → page

    /// Sends an event to the page's `bridge.on` listeners and as a DOM `CustomEvent`.
    public func dispatch<Payload: Encodable>(_ name: String, _ payload: Payload) throws {
        let json = try JavaScriptLiteral.encode(payload)
        log(.debug) { "event \(name) → page, \(json.utf8.count) bytes" }
        eventDispatcher.dispatch(event: name, payloadJSON: json, to: calls)
    }

    /// Sends a typed event under its own name.
    public func dispatch<Event: BridgeEvent>(_ event: Event) throws {
        try dispatch(Event.eventName, event)
    }

    /// Calls the page function `function` (a global name or dotted path such as
    /// `"app.setColour"`) with `arguments` embedded as JSON, and returns its result.
    /// A page still parsing gets the call once its DOM is ready.
    @discardableResult
    public func callJavaScript(_ function: String, _ arguments: any Encodable...) async throws -> JSONValue? {
        try await callJavaScript(function, arguments: arguments, as: JSONValue?.self)
    }

    /// Calls a page function and decodes its result as `type`.
    public func callJavaScript<Result: Decodable>(_ function: String, arguments: [any Encodable],
                                                  as type: Result.Type) async throws -> Result {
        let script = "window.bridge.__call(\(JavaScriptLiteral.string(function)),[\(try JavaScriptLiteral.arguments(arguments))])"
        log(.debug) { "call \(function) → page" }
        return try await evaluateJavaScript(script, as: type)
    }

    /// Calls a page function without waiting; failures go to the delegate.
    public func sendJavaScriptCall(_ function: String, _ arguments: any Encodable...) throws {
        calls.run("window.bridge.__call(\(JavaScriptLiteral.string(function)),[\(try JavaScriptLiteral.arguments(arguments))])")
    }

    /// Runs script in the page and decodes its completion value (`undefined` as null).
    public func evaluateJavaScript<Result: Decodable>(_ script: String, as type: Result.Type) async throws -> Result {
        let json = try await calls.evaluate(script) ?? "null"
        do {
            return try JSONCoders.decoder.decode(Result.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            throw BridgeError(.invalidPayload, "the page's result: \(error.fieldDescription)")
        }
    }

    /// Runs script in the page and returns its completion value as JSON text.
    public func evaluateJavaScript(_ script: String) async throws -> String? {
        try await calls.evaluate(script)
    }

    // MARK: Page → native

    /// `bridge.invoke` for a name without its own message handler: the body is `name\njson`.
    private func route(_ body: MessageBody, reply: any MessageReply) {
        guard case .string(let text) = body, let newline = text.firstIndex(of: "\n") else {
            return reject(reply, "(router)", BridgeError(.invalidPayload, "the bridge router takes \"name\\njson\""))
        }
        let name = String(text[..<newline])
        guard handlers[name] != nil else {
            return reject(reply, name, BridgeError(.unknownHandler, "no handler named '\(name)'"))
        }
        receive(BridgeMessage(name: name, body: .string(String(text[text.index(after: newline)...]))), reply: reply)
    }

    private func receive(_ message: BridgeMessage, reply: any MessageReply) {
        guard let handler = handlers[message.name] else {
            return reject(reply, message.name, BridgeError(.unknownHandler, "no handler named '\(message.name)'"))
        }
        let size = message.body.byteCount
        guard size <= configuration.maxPayloadBytes else {
            return reject(reply, message.name, BridgeError(
                .payloadTooLarge, "\(size) bytes is over the limit of \(configuration.maxPayloadBytes) bytes"))
        }
        // One check of the logger per message: traffic logging costs nothing when off.
        let started = logger.isEnabled(.debug) ? ContinuousClock.now : nil
        if started != nil { logger.log(.debug, "message \(message.name) ← page, \(size) bytes") }
        let answer = BridgeReply(reply, handlerName: message.name) { [weak self] name, outcome in
            self?.finished(name, outcome, after: started.map { ContinuousClock.now - $0 })
        }
        handler.receive(message, reply: answer)
        answer.startTimeout(handler.timeout ?? configuration.defaultTimeout)
    }

    private func reject(_ reply: any MessageReply, _ name: String, _ error: BridgeError) {
        reply.reject(message: error.rejectionMessage)
        finished(name, .failure(error))
    }

    /// `elapsed` is nil when traffic is not being logged.
    private func finished(_ name: String, _ outcome: Result<Int, BridgeError>, after elapsed: Duration? = nil) {
        switch outcome {
        case .success(let size):
            if let elapsed { logger.log(.debug, "reply \(name) → page, \(size) bytes, handled in \(elapsed)") }
        case .failure(let error):
            log(.info) { "message \(name) rejected: \(error)" }
            delegate?.bridge(self, didFail: .message(handler: name, error: error))
        }
    }

    private func pageLoad(_ event: PageLoadEvent) {
        calls.pageLoad(event)
        if case .committed = event, !handlers.isEmpty { announceHandlerNames() }
        log(.info) { "page \(event)" }
        delegate?.bridge(self, didObserve: event)
    }

    private func report(_ failure: BridgeFailure) {
        log(.warning) { "\(failure)" }
        delegate?.bridge(self, didFail: failure)
    }

    private func log(_ level: BridgeLogLevel, _ message: () -> String) {
        if logger.isEnabled(level) { logger.log(level, message()) }
    }
}
