import FoundationEssentials
import ScriptMessaging
import WebOrigin

/// The typed bridge between one web view's pages and Swift.
///
/// It injects the page client (`window.bridge`), routes page messages to handlers and
/// answers each one exactly once, sends events and page calls (queued until the page has
/// committed and its page client has started), and reports failures to its delegate and logger. It holds the web view
/// strongly and handlers hold nothing of it, so dropping the bridge or removing a handler
/// releases whatever that handler captured.
///
/// Who may call: by default the native handlers live in the page's world under secret
/// names only the main frame's page client knows (`BridgeContentWorld.capability`), so an
/// iframe or an untrusted page cannot name them; `configuration.contentWorld` can put them
/// in a script world of their own behind a relay instead, or under their plain names (see
/// `BridgeContentWorld`).
/// Either way every message is checked against the URI of the page the view shows — never
/// anything the page sends — and refused with `forbidden` unless the handler's
/// `CallerPolicy` (by default `configuration.callers`) accepts it. Pages no policy accepts
/// do not get the page client at all.
///
/// Create it before the view's first load: the page client is injected into pages loaded
/// after that, and page calls wait for the next committed load.
@MainActor
public final class WebViewBridge {
    /// The view whose pages the bridge serves; the bridge keeps it alive.
    public let webView: any BridgeWebView
    /// The limits, callers and script world the bridge was made with.
    public private(set) var configuration: BridgeConfiguration {
        didSet { lastCaller = nil }
    }
    /// Told about failures (a handler's error, a refused caller, a timeout) so the app can
    /// report them; held weakly.
    public weak var delegate: (any WebViewBridgeDelegate)?
    /// Where the bridge writes its traffic and failures; silent by default.
    public var logger: any BridgeLogger
    /// Delivers events sent with `dispatch`; replace it to route them elsewhere.
    public var eventDispatcher: any EventDispatcher = PageEventDispatcher()

    private var handlers: [String: any BridgeHandler] = [:]
    /// For handlers that bound how many of their calls run at once.
    private var gates: [String: CallGate] = [:]
    private var pendingReplies = PendingReplies()
    /// How often, and last why, pending replies were all cancelled: a call whose handler is
    /// still running then is not yet among them (see `receive`).
    private var cancellations = 0
    private var lastCancellation = BridgeError(.handlerFailed, "cancelled")
    private let lifecycle = PageLifecycle()
    private var calls: PageCallQueue!
    private var loadObservation: AnyObject?
    /// Handles of the relay and client scripts now injected.
    private var scripts: [AnyObject] = []
    private let relayEvents: RelayEvents
    /// 128 random bits per bridge, known only to the trusted main frame's client: the
    /// binary channel's host and, with `BridgeContentWorld.capability`, the handlers' prefix.
    package let secret = SecretToken.random128()
    /// 128 more random bits, known to the client: what starts it in a page of this view that
    /// reads another page number than the client was given (`ClientActivationScript`).
    private let activation = SecretToken.random128()
    /// The page number the client was given (`BridgeWebView.pageIdentifier`).
    private var clientPage: UInt64?
    /// What every handler's registered name starts with: `secret:` with
    /// `BridgeContentWorld.capability`, else empty.
    package let registeredPrefix: String
    private var binary: BinaryChannel!
    private var binaryRoute: BinaryRoute?

    /// A bridge for `webView`: make it before the view's first load, since the page client is
    /// injected only into pages loaded afterwards.
    public init(webView: any BridgeWebView, configuration: BridgeConfiguration = BridgeConfiguration(),
                logger: any BridgeLogger = SilentLogger()) {
        self.webView = webView
        self.configuration = configuration
        self.logger = logger
        callers = configuration.callers
        relayEvents = RelayEvents(worldName: configuration.worldName)
        registeredPrefix = configuration.contentWorld == .capability ? secret + ":" : ""
        calls = PageCallQueue(webView: webView, lifecycle: lifecycle, refusal: { [weak self] in self?.clientRefusal }) {
            [weak self] error in
            self?.report(.script(error))
        }
        webView.addMessageHandler(named: registeredPrefix + configuration.routerName, world: handlerWorld) {
            [weak self] body, reply in
            guard let self else { return Self.rejectTornDown(reply) }
            route(body, reply: reply)
        }
        binary = BinaryChannel(checks: BinaryChannel.Checks(
            secret: secret, maxPayloadBytes: configuration.maxPayloadBytes, defaultTimeout: configuration.defaultTimeout,
            callerURI: { [weak self] in self?.trustedCallerURI },
            defaultCallers: { [weak self] in self?.configuration.callers ?? CallerPolicy([]) },
            failed: { [weak self] name, error in self?.finished(name, .failure(error)) }))
        binaryRoute = webView.serveBinaryRequests(host: secret) { [weak self] request in self?.binary.receive(request) }
        installScripts()
        loadObservation = webView.observePageLoads { [weak self] event in self?.pageLoad(event) }
    }

    // MARK: Loading

    /// Loads `uri` in the bridge's view; a convenience, the same as the view's own `load`.
    public func load(uri: String) {
        webView.load(uri: uri)
    }

    /// Loads `html` as a page at `baseURI` (its origin decides which handlers it may call).
    public func load(html: String, baseURI: String? = nil) {
        webView.load(html: html, baseURI: baseURI)
    }

    // MARK: Handlers

    /// Adds (or replaces) a handler; pages its callers include reach it as
    /// `window.webkit.messageHandlers[name]` and through `bridge.invoke(name, …)`.
    public func add(_ handler: some BridgeHandler) {
        precondition(handler.name != configuration.routerName, "'\(handler.name)' is the bridge's own handler")
        handlers[handler.name] = handler
        let name = handler.name
        gates[name] = handler.maxConcurrentCalls.map(CallGate.init(limit:))
        webView.addMessageHandler(named: registeredPrefix + name, world: handlerWorld) { [weak self] body, reply in
            guard let self else { return Self.rejectTornDown(reply) }
            receive(name, body, reply: reply)
        }
        handlersChanged()
    }

    /// Adds (or replaces) a handler for bytes, which pages reach with `bridge.invokeBinary(name, …)`.
    public func add(_ handler: BinaryHandler) {
        binary.binaryHandlers[handler.name] = handler
    }

    /// Adds (or replaces) a handler answering with a stream, which pages reach with `bridge.stream(name, …)`.
    public func add(_ handler: StreamHandler) {
        binary.streamHandlers[handler.name] = handler
    }

    /// Removes a handler; its captures are released.
    public func removeHandler(named name: String) {
        binary.binaryHandlers[name] = nil
        binary.streamHandlers[name] = nil
        guard handlers.removeValue(forKey: name) != nil else { return }
        gates[name] = nil
        webView.removeMessageHandler(named: registeredPrefix + name, world: handlerWorld)
        handlersChanged()
    }

    /// Lets the pages `policy` accepts call every handler that uses the default callers too
    /// (such as a page the user names after the bridge was made). New pages get the client.
    public func trust(_ policy: CallerPolicy) {
        configuration.callers = configuration.callers.union(policy)
        handlersChanged()
    }

    /// New pages get the new names and callers in their client; the page now showing hears
    /// the names (WebKit does not enumerate handlers, and its client traces raw posts by name).
    private func handlersChanged() {
        callers = handlers.values.reduce(configuration.callers) { $0.union($1.callers ?? configuration.callers) }
        installScripts()
        announceHandlerNames()
    }

    /// Quiet on pages the bridge does not trust: they have no client to tell. The names are
    /// read when the page gets them: an announcement queued while no page could
    /// take it (before the first commit, during a load) states the names of when it runs, so a
    /// page never hears an older list after its client was given a newer one.
    private func announceHandlerNames() {
        calls.run(reportsRefusal: false) { [weak self] in
            .expression("window.\(WireProtocol.global).\(WireProtocol.names)(\(JavaScriptLiteral.string((self?.handlerNames ?? []).joined(separator: WireProtocol.separator))))")
        }
    }

    /// Every page any handler accepts calls from: these get the page client.
    public private(set) var callers: CallerPolicy {
        didSet { lastCaller = nil }
    }

    /// The caller last judged: its URI and whether `callers` and `configuration.callers`
    /// accept it. Every message of a page asks the same, and reading a URI as a page scope
    /// takes microseconds; forgotten whenever either policy changes.
    private var lastCaller: (uri: String, byAny: Bool, byDefault: Bool)?

    private func judge(_ uri: String) -> (byAny: Bool, byDefault: Bool) {
        if let lastCaller, lastCaller.uri == uri { return (lastCaller.byAny, lastCaller.byDefault) }
        let verdict = (byAny: callers.allows(uri), byDefault: configuration.callers.allows(uri))
        lastCaller = (uri, verdict.byAny, verdict.byDefault)
        return verdict
    }

    /// The script world the native handlers live in: nil is the page's own.
    private var handlerWorld: String? {
        configuration.contentWorld == .isolated ? configuration.worldName : nil
    }

    /// The client in the page's world, and in isolated mode the relay in the bridge's, in
    /// every main frame.
    ///
    /// The client is not limited with a WebKit URI allow-list: those ignore ports, so they
    /// cannot tell two origins of one host apart. It checks `location.href` itself instead,
    /// at document start, before any of the page's script can have run.
    private func installScripts() {
        let trusted = callers
        clientPage = webView.pageIdentifier
        let client = BridgeClientScript.source(BridgeClientScript.Settings(
            prefixes: trusted.scopes.map(\.uriPrefix).sorted(), names: handlerNames, direct: handlerWorld == nil, prefix: registeredPrefix,
            binaryBase: binaryRoute?.baseURI ?? "",
            globalName: configuration.globalName, routerName: configuration.routerName, callEvent: relayEvents.call, replyEvent: relayEvents.reply,
            maxBytes: configuration.maxPayloadBytes, maxDepth: configuration.maxDepth, page: clientPage, activation: activation))
        let relay = handlerWorld.map { world in
            DocumentStartScript(source: BridgeRelayScript.source(routerName: configuration.routerName, events: relayEvents),
                                world: world)
        }
        removeScripts()
        scripts = [relay, DocumentStartScript(source: client)].compactMap { $0 }.map(webView.addDocumentStartScript)
    }

    private func removeScripts() {
        scripts.forEach(webView.removeDocumentStartScript)
        scripts = []
    }

    /// Removes every handler, the bridge's router and its scripts: the page can no longer
    /// reach Swift. Calls still waiting for an answer are rejected (their work cancelled),
    /// and page calls still waiting for a page throw `handler-failed`.
    public func tearDown() {
        handlers.keys.forEach(removeHandler(named:))
        webView.removeMessageHandler(named: registeredPrefix + configuration.routerName, world: handlerWorld)
        removeScripts()
        loadObservation = nil
        binaryRoute = nil
        cancelPendingReplies(because: "the bridge was torn down")
        calls.close()
    }

    /// The names of the JSON handlers added, sorted, the library's own among them.
    public var handlerNames: [String] { handlers.keys.sorted() }

    /// The names the page may call — handlers, binary handlers and streams — sorted, without
    /// the library's own (`BridgeContract.internalPrefix`): what a contract test compares
    /// with the app's `BridgeContract.handlerNames`.
    public var contractNames: [String] {
        (Array(handlers.keys) + Array(binary.binaryHandlers.keys) + Array(binary.streamHandlers.keys))
            .filter { !$0.hasPrefix(BridgeContract.internalPrefix) }.sorted()
    }

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
    /// `"app.setColour"`) with `arguments` embedded as JSON, and returns its result (a
    /// Promise's once it settles). A function the page has not defined yet, while its DOM is
    /// still loading, is called once the DOM is ready, with its real result or error.
    /// Before the page has committed, and until the page client has started in the new
    /// document (WebKit injects it some time after the commit), the call waits; it throws
    /// `CancellationError` if the calling task is cancelled first, and `handler-failed` if the
    /// bridge is torn down or its view destroyed, or the document never gets the client.
    @discardableResult
    public func callJavaScript(_ function: String, _ arguments: any Encodable...) async throws -> JSONValue? {
        try await callJavaScript(function, arguments: arguments, as: JSONValue?.self)
    }

    /// Calls a page function and decodes its result as `type`.
    public func callJavaScript<Result: Decodable>(_ function: String, arguments: [any Encodable],
                                                  as type: Result.Type) async throws -> Result {
        let script = try Self.pageCall(function, arguments)
        log(.debug) { "call \(function) → page" }
        return try Self.decode(try await calls.evaluate(script, isClientScript: true), as: type)
    }

    /// Calls a page function without waiting; failures (the page's errors too) go to the delegate.
    public func sendJavaScriptCall(_ function: String, _ arguments: any Encodable...) throws {
        calls.run(try Self.pageCall(function, arguments), reportsRefusal: true)
    }

    private static func pageCall(_ function: String, _ arguments: [any Encodable]) throws -> PageCallQueue.Script {
        .functionBody("return window.\(WireProtocol.global).\(WireProtocol.call)(\(JavaScriptLiteral.string(function)),[\(try JavaScriptLiteral.arguments(arguments))])")
    }

    /// Runs script in the page, whichever it is, and decodes its completion value (`undefined` as null).
    public func evaluateJavaScript<Result: Decodable>(_ script: String, as type: Result.Type) async throws -> Result {
        try Self.decode(try await calls.evaluate(.expression(script), isClientScript: false), as: type)
    }

    /// Runs script in the page, whichever it is, and returns its completion value as JSON text.
    public func evaluateJavaScript(_ script: String) async throws -> String? {
        try await calls.evaluate(.expression(script), isClientScript: false)
    }

    private static func decode<Result: Decodable>(_ json: String?, as type: Result.Type) throws -> Result {
        do {
            return try JSONCoders.decode(Result.self, fromScriptResult: json)
        } catch let error as DecodingError {
            throw BridgeError(.invalidPayload, "the page's result: \(error.fieldDescription)")
        }
    }

    /// Why events and page calls may not go to the page now showing; nil when they may.
    private var clientRefusal: BridgeError? {
        let uri = lifecycle.uri(viewURI: webView.pageURI)
        guard let uri, judge(uri).byAny else {
            return BridgeError(.forbidden, "not sent: the page \(uri ?? "(none)") is not one the bridge trusts")
        }
        return nil
    }

    // MARK: Page → native

    /// The URI of the page whose script sent a message now: the document showing (see
    /// `PageLifecycle`: while a load has not committed, the old page still runs).
    private var callerURI: String? {
        lifecycle.uri(viewURI: webView.pageURI)
    }

    /// What `bridge.invoke(name, payload)` posts to the router when `name` has no message
    /// handler of its own (the payload's JSON text is `json`): what `route` takes apart.
    package static func routerBody(json: String, name: String) -> MessageBody {
        .string(json + WireProtocol.separator + name)
    }

    /// `bridge.invoke` for a name without its own message handler: the body is `json\nname`
    /// (see `HandlerPostScript`), so a name holding a newline stays whole and matches only itself.
    private func route(_ body: MessageBody, reply: any ReplyChannel) {
        let separator = UInt8(ascii: WireProtocol.separator.unicodeScalars.first!)
        guard case .string(let text) = body, let newline = text.utf8.firstIndex(of: separator) else {
            return reject(reply, "(router)", BridgeError(.invalidPayload, "the bridge router takes \"json\\nname\""))
        }
        receive(String(text[text.utf8.index(after: newline)...]), .string(String(text[..<newline])), reply: reply)
    }

    /// The caller's URI when some handler accepts calls from it.
    private var trustedCallerURI: String? {
        guard let uri = callerURI, judge(uri).byAny else { return nil }
        return uri
    }

    /// Checks, in order: the caller's page (before anything of the message is looked at),
    /// the size, the handler, whether that handler takes calls from this page, the depth.
    private func receive(_ name: String, _ body: MessageBody, reply: any ReplyChannel) {
        let uri = callerURI
        guard let uri, judge(uri).byAny else {
            return reject(reply, name, BridgeError(.forbidden, "the page \(uri ?? "(none)") may not call the bridge"))
        }
        let size = body.byteCount
        guard size <= configuration.maxPayloadBytes else {
            return reject(reply, name, BridgeError(
                .payloadTooLarge, "\(size) bytes is over the limit of \(configuration.maxPayloadBytes) bytes"))
        }
        guard let handler = handlers[name] else {
            return reject(reply, name, BridgeError(.unknownHandler, "no handler named '\(name)'"))
        }
        guard handler.callers.map({ $0.allows(uri) }) ?? judge(uri).byDefault else {
            return reject(reply, name, BridgeError(.forbidden, "the page \(uri) may not call '\(name)'"))
        }
        guard !body.nestsDeeper(than: configuration.maxDepth) else {
            return reject(reply, name, BridgeError(
                .payloadTooLarge, "the payload nests deeper than \(configuration.maxDepth) levels"))
        }
        receive(BridgeMessage(name: name, body: body), handler: handler, size: size, reply: reply)
    }

    private func receive(_ message: BridgeMessage, handler: any BridgeHandler, size: Int, reply: any ReplyChannel) {
        // One check of the logger per message: traffic logging costs nothing when off.
        let started = logger.isEnabled(.debug) ? ContinuousClock.now : nil
        if started != nil { logger.log(.debug, "message \(message.name) ← page, \(size) bytes") }
        let answer = BridgeReply(reply, handlerName: message.name, started: started, onFinish: replySettled)
        // Checked only while some handler is bounded: nothing to look up for the rest.
        if !gates.isEmpty, let gate = gates[message.name] {
            pendingReplies.insert(answer)
            gate.submit(answer) { handler.receive(message, reply: answer) }
        } else {
            // A handler that answers at once is never tracked: most calls cost no bookkeeping.
            let cancellationsBefore = cancellations
            handler.receive(message, reply: answer)
            guard answer.isPending else { return }
            // Its page went away while it ran (it ran a nested main loop): it ends with the rest.
            guard cancellations == cancellationsBefore else {
                return answer.reject(lastCancellation)
            }
            pendingReplies.insert(answer)
        }
        answer.startTimeout(handler.timeout ?? configuration.defaultTimeout)
    }

    /// Rejects every call still waiting for its handler, which cancels the work tied to it.
    private func cancelPendingReplies(because reason: String) {
        cancelPendingReplies(with: BridgeError(.handlerFailed, "cancelled: \(reason)"))
    }

    /// Rejects every call still waiting for its handler with `error` (its code says why).
    private func cancelPendingReplies(with error: BridgeError) {
        cancellations += 1
        lastCancellation = error
        let cancelled = pendingReplies.removeAll()
        gates.values.forEach { $0.reset() }
        cancelled.forEach { $0.reject(error) }
        binary.cancelAll()
    }

    /// What every reply calls once answered: made once, so a message makes no closure of its own.
    private lazy var replySettled: @MainActor (BridgeReply, Result<Int, BridgeError>) -> Void = { [weak self] answer, outcome in
        self?.settled(answer, outcome)
    }

    private func settled(_ answer: BridgeReply, _ outcome: Result<Int, BridgeError>) {
        pendingReplies.remove(answer)
        if !gates.isEmpty { gates[answer.handlerName]?.finished(answer) }
        finished(answer.handlerName, outcome, after: answer.started.map { ContinuousClock.now - $0 })
    }

    /// A message that arrives after the bridge went (its handlers are being removed) is still
    /// answered: a channel is never left unanswered.
    private static func rejectTornDown(_ reply: any ReplyChannel) {
        reply.reject(message: BridgeError(.handlerFailed, "cancelled: the bridge was torn down").rejectionMessage)
    }

    private func reject(_ reply: any ReplyChannel, _ name: String, _ error: BridgeError) {
        reply.reject(message: error.rejectionMessage)
        finished(name, .failure(error))
    }

    /// `elapsed` is nil when traffic is not being logged.
    private func finished(_ name: String, _ outcome: Result<Int, BridgeError>, after elapsed: Duration? = nil) {
        switch outcome {
        case .success(let size):
            if let elapsed { logger.log(.debug, "reply \(name) → page, \(size) bytes, handled in \(elapsed)") }
        case .failure(let error):
            // A refused page is worth a warning: it is either misconfigured or probing.
            log(error.code == .forbidden ? .warning : .info) { "message \(name) rejected: \(error)" }
            delegate?.bridge(self, didFail: .message(handler: name, error: error))
        }
    }

    private func pageLoad(_ event: PageLoadEvent) {
        let isNewDocument = lifecycle.apply(event)
        if case .committed(let uri) = event { activateClientIfMoved(at: uri) }
        // The pages that called are gone: nobody waits for their answers any more.
        if isNewDocument { cancelPendingReplies(because: "the page that called went away") }
        // Neither a stuck page nor an ended one will hear an answer in time: say so now, not
        // after each call's timeout.
        if event == .unresponsive {
            cancelPendingReplies(with: BridgeError(.pageUnresponsive, "the page stopped responding"))
        }
        if event == .webProcessTerminated {
            cancelPendingReplies(with: BridgeError(.webProcessTerminated, "the page's web process ended"))
        }
        if event == .closed {
            cancelPendingReplies(because: "the web view was destroyed")
            calls.close()
        }
        calls.pageLoad()
        if isNewDocument, !handlers.isEmpty { announceHandlerNames() }
        log(.info) { "page \(event)" }
        delegate?.bridge(self, didObserve: event)
    }

    /// Starts the client in the view's new document when WebKit gave the view's page another
    /// number than the client was given (a cross-origin isolated page, moved to a web process
    /// of its own): only for a page the bridge trusts, so the code reaches no other.
    private func activateClientIfMoved(at uri: String) {
        guard let clientPage, let page = webView.pageIdentifier, page != clientPage, callers.allows(uri) else { return }
        log(.debug) { "page \(uri) runs as page \(page), the client was given \(clientPage): starting it there" }
        Task { [webView, activation] in _ = try? await webView.runJavaScript(ClientActivationScript.source(code: activation)) }
    }

    private func report(_ failure: BridgeFailure) {
        log(.warning) { "\(failure)" }
        delegate?.bridge(self, didFail: failure)
    }

    private func log(_ level: BridgeLogLevel, _ message: () -> String) {
        if logger.isEnabled(level) { logger.log(level, message()) }
    }
}
