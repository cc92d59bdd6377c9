import Foundation
import ScriptMessaging
import WebBridge

/// A web view with no display behind it, for testing an app's handlers with the real
/// `WebViewBridge`: it records what the bridge injects, registers and evaluates, and lets a
/// test act as the page (see `post(_:_:)`, `invoke(_:_:as:)`, `invokeBinary(_:_:meta:)`,
/// `events`).
///
/// Only the web view is fake: the bridge's routing, caller checks, limits, timeouts, JSON
/// coding and error codes are the ones a real page meets. What the page client checks before
/// it posts (a payload it cannot copy, one over the size limit) is not run: the bridge checks
/// the same on its side. WebKit tells the bridge nothing of frames, so neither does this view:
/// every message is judged by the view's page (`pageURI`, moved with `commit(_:)`), as a
/// real view's messages are, whichever frame sent them.
@MainActor
public final class FakeWebView: BridgeWebView {
    private var injected: [(token: Token, script: DocumentStartScript)] = []
    /// Every script the bridge ran in the page, in order (the client checks excepted, see
    /// `clientChecks`): events and page calls among them. Empty it to see only what comes next.
    public var evaluated: [String] = []
    /// Every page the bridge loaded: a URI, or the HTML itself.
    public private(set) var loaded: [String] = []
    /// The message handlers the bridge registered, by the name the page uses (the secret
    /// prefix of `BridgeContentWorld.capability` dropped, see `registeredPrefixes`).
    public private(set) var handlers: [String: @MainActor (MessageBody, any ReplyChannel) -> Void] = [:]
    /// The script world each handler was registered in (nil: the page's own), by the name the page uses.
    public private(set) var handlerWorlds: [String: String?] = [:]
    /// The secret prefixes handlers were registered under (`<32 hex digits>:`, or empty for
    /// plain names): only the page client is told them.
    public private(set) var registeredPrefixes: Set<String> = []
    /// The page the view shows, as the view knows it: the origin every message is judged by.
    public var pageURI: String?
    /// The completion value, as JSON text, of each script the bridge runs (its argument):
    /// set it to answer a page call (`WebViewBridge.callJavaScript`) or to make a script throw.
    /// By default every script completes with `null`.
    public var scriptResult: @MainActor (String) throws -> String? = { _ in "null" }
    /// How many times the bridge asked whether a document has its page client.
    public private(set) var clientChecks = 0
    /// The answer to that question, as JSON text: `"true"` (the default) for a page whose
    /// client runs; anything else makes events and page calls fail as on a page without one.
    public var clientCheck: @MainActor () async throws -> String? = { "true" }
    /// The router `invoke` posts to for a name without a handler of its own: set it when the
    /// bridge's `BridgeConfiguration.routerName` is not the default.
    public var routerName = BridgeConfiguration().routerName
    private var observers: [UUID: @MainActor (PageLoadEvent) -> Void] = [:]
    var binaryRoute: (token: Token, baseURI: String, receive: @MainActor (any BinaryRequest) -> Void)?

    /// A view showing `pageURI`, the app's own `app://localhost/` by default: pages the
    /// bridge's default callers accept.
    public init(pageURI: String? = "app://localhost/index.html") {
        self.pageURI = pageURI
    }

    /// The scripts injected into new pages now: the page client, and with
    /// `BridgeContentWorld.isolated` its relay.
    public var scripts: [DocumentStartScript] { injected.map(\.script) }

    /// How many observers of page loads are registered: none once the bridge is gone.
    public var observerCount: Int { observers.count }

    public func addDocumentStartScript(_ script: DocumentStartScript) -> AnyObject {
        let token = Token()
        injected.append((token, script))
        return token
    }

    public func removeDocumentStartScript(_ handle: AnyObject) {
        injected.removeAll { $0.token === handle }
    }

    public func addMessageHandler(named name: String, world: String?,
                                  _ receive: @escaping @MainActor (MessageBody, any ReplyChannel) -> Void) {
        let (prefix, plain) = Self.split(name)
        registeredPrefixes.insert(prefix)
        handlers[plain] = receive
        handlerWorlds[plain] = world
    }

    public func removeMessageHandler(named name: String, world: String?) {
        let plain = Self.split(name).plain
        handlers[plain] = nil
        handlerWorlds[plain] = nil
    }

    /// A registered name as the prefix of `BridgeContentWorld.capability` (`<32 hex digits>:`,
    /// or empty) and the name the page uses.
    private static func split(_ name: String) -> (prefix: String, plain: String) {
        let head = name.prefix(33)
        guard head.count == 33, head.last == ":", head.dropLast().allSatisfy(\.isHexDigit) else { return ("", name) }
        return (String(head), String(name.dropFirst(33)))
    }

    public func runJavaScript(_ script: String) async throws -> String? {
        evaluated.append(script)
        return try scriptResult(script)
    }

    /// The bridge's check for the page client is counted in `clientChecks` and answered by
    /// `clientCheck`; any other body is recorded with the evaluated scripts.
    public func runAsyncJavaScript(_ body: String) async throws -> String? {
        guard body != ClientReadyScript.source else {
            clientChecks += 1
            return try await clientCheck()
        }
        return try await runJavaScript(body)
    }

    public func observePageLoads(_ observer: @escaping @MainActor (PageLoadEvent) -> Void) -> AnyObject {
        let token = Token()
        observers[token.id] = observer
        token.onDeinit = { [weak self, id = token.id] in MainActor.assumeIsolated { _ = self?.observers.removeValue(forKey: id) } }
        return token
    }

    /// Recorded in `loaded`; no page loads until the test says so (`commit(_:)`).
    public func load(uri: String) { loaded.append(uri) }

    /// Recorded in `loaded`; no page loads until the test says so (`commit(_:)`).
    public func load(html: String, baseURI: String?) { loaded.append(html) }

    /// Tells the bridge of a load step, as WebKit would.
    public func send(_ event: PageLoadEvent) {
        observers.values.forEach { $0(event) }
    }

    /// A new page committed at `uri`: the load starts, the view's URI becomes `uri`, the
    /// document commits. Events and page calls reach a page only after a commit; messages are
    /// judged by `uri` from now on (use it to act as another origin).
    public func commit(_ uri: String = "app://localhost/page") {
        send(.started(uri: uri))
        pageURI = uri
        send(.committed(uri: uri))
    }

    /// What the view hands out to be removed with, or to live as long as a registration.
    final class Token {
        let id = UUID()
        var onDeinit: (() -> Void)?
        deinit { onDeinit?() }
    }
}
