import Foundation
import ScriptMessaging
@testable import WebBridge

/// A web view double: records what the bridge injects and evaluates, and lets a test
/// post messages as the relay in the bridge's script world would.
@MainActor
final class FakeWebView: BridgeWebView {
    private var injected: [(token: Token, script: DocumentStartScript)] = []
    var evaluated: [String] = []
    var loaded: [String] = []
    /// Message handlers by name, and the world each was registered in.
    var handlers: [String: @MainActor (MessageBody, any ReplyChannel) -> Void] = [:]
    var handlerWorlds: [String: String?] = [:]
    /// The page the view shows, as the view knows it.
    var pageURI: String? = "app://localhost/index.html"
    /// The completion value, as JSON text, of each evaluated script.
    var result: @MainActor (String) throws -> String? = { _ in "null" }
    private var observers: [UUID: @MainActor (PageLoadEvent) -> Void] = [:]

    /// The scripts injected into new pages now.
    var scripts: [DocumentStartScript] { injected.map(\.script) }

    func addDocumentStartScript(_ script: DocumentStartScript) -> AnyObject {
        let token = Token()
        injected.append((token, script))
        return token
    }

    func removeDocumentStartScript(_ handle: AnyObject) {
        injected.removeAll { $0.token === handle }
    }

    /// Keyed by the name the page uses: the secret prefix of `BridgeContentWorld.capability`
    /// (`<32 hex digits>:`) is dropped, and kept in `registeredPrefixes`.
    func addMessageHandler(named name: String, world: String?,
                           _ receive: @escaping @MainActor (MessageBody, any ReplyChannel) -> Void) {
        let (prefix, plain) = Self.split(name)
        registeredPrefixes.insert(prefix)
        handlers[plain] = receive
        handlerWorlds[plain] = world
    }

    func removeMessageHandler(named name: String, world: String?) {
        let plain = Self.split(name).plain
        handlers[plain] = nil
        handlerWorlds[plain] = nil
    }

    var registeredPrefixes: Set<String> = []

    private static func split(_ name: String) -> (prefix: String, plain: String) {
        let head = name.prefix(33)
        guard head.count == 33, head.last == ":", head.dropLast().allSatisfy(\.isHexDigit) else { return ("", name) }
        return (String(head), String(name.dropFirst(33)))
    }

    func runJavaScript(_ script: String) async throws -> String? {
        evaluated.append(script)
        return try result(script)
    }

    /// How many times the bridge asked whether a document has its page client.
    private(set) var clientChecks = 0
    /// The answer to that question (`ClientReadyScript`), as JSON text; by default the
    /// client is there.
    var clientCheck: @MainActor () async throws -> String? = { "true" }

    /// Recorded with the evaluated scripts, as the body it is; the client check is counted
    /// in `clientChecks` instead.
    func runAsyncJavaScript(_ body: String) async throws -> String? {
        guard body != ClientReadyScript.source else {
            clientChecks += 1
            return try await clientCheck()
        }
        return try await runJavaScript(body)
    }

    func observePageLoads(_ observer: @escaping @MainActor (PageLoadEvent) -> Void) -> AnyObject {
        let token = Token()
        observers[token.id] = observer
        token.onDeinit = { [weak self, id = token.id] in MainActor.assumeIsolated { _ = self?.observers.removeValue(forKey: id) } }
        return token
    }

    func load(uri: String) { loaded.append(uri) }
    func load(html: String, baseURI: String?) { loaded.append(html) }

    var observerCount: Int { observers.count }

    func send(_ event: PageLoadEvent) {
        observers.values.forEach { $0(event) }
    }

    func commit(_ uri: String = "app://localhost/page") {
        send(.started(uri: uri))
        pageURI = uri
        send(.committed(uri: uri))
    }

    /// Posts `body` to handler `name` as the relay does and waits for the answer.
    func post(_ name: String, _ body: MessageBody) async -> FakeReply.Outcome {
        let reply = FakeReply()
        deliver(name, body, to: reply)
        return await reply.outcome()
    }

    /// Posts without waiting: `reply` holds whatever was answered at once.
    func deliver(_ name: String, _ body: MessageBody, to reply: FakeReply) {
        guard let handler = handlers[name] else { return reply.reject(message: "no message handler \(name)") }
        handler(body, reply)
    }

    /// `bridge.invoke(name, payload)` for a name without its own handler: through the router.
    func invokeThroughRouter(_ name: String, json: String) async -> FakeReply.Outcome {
        await post("__bridge", .string(json + "\n" + name))
    }

    final class Token {
        let id = UUID()
        var onDeinit: (() -> Void)?
        deinit { onDeinit?() }
    }
}

/// A page Promise double: records every answer it is sent, so tests see a second one.
@MainActor
final class FakeReply: ReplyChannel {
    enum Outcome: Equatable {
        case resolved(String)
        case rejected(String)

        /// The rejection decoded as the page client would: code and message.
        var error: (code: String, message: String)? {
            guard case .rejected(let text) = self,
                  let wire = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) else { return nil }
            return (wire["code"] ?? "", wire["message"] ?? "")
        }
    }

    private(set) var answers: [Outcome] = []
    private var waiter: CheckedContinuation<Outcome, Never>?

    func resolve(json: String) { settle(.resolved(json)) }
    /// The page client reads a string reply as JSON text, so it is the same answer.
    func resolve(text: String) { settle(.resolved(text)) }
    func reject(message: String) { settle(.rejected(message)) }

    private func settle(_ outcome: Outcome) {
        answers.append(outcome)
        waiter?.resume(returning: outcome)
        waiter = nil
    }

    func outcome() async -> Outcome {
        if let first = answers.first { return first }
        return await withCheckedContinuation { waiter = $0 }
    }
}

extension FakeWebView {
    struct NotRejected: Error { let outcome: FakeReply.Outcome }

    /// Posts and returns the error the page's Promise rejected with.
    func postError(_ name: String, _ body: MessageBody) async throws -> (code: String, message: String) {
        let outcome = await post(name, body)
        guard let error = outcome.error else { throw NotRejected(outcome: outcome) }
        return error
    }

    func invokeError(_ name: String, json: String) async throws -> (code: String, message: String) {
        let outcome = await invokeThroughRouter(name, json: json)
        guard let error = outcome.error else { throw NotRejected(outcome: outcome) }
        return error
    }
}
