/// Holds script sent while no document can take it (before the first commit, or while a
/// load is under way) and runs it, in order, once one can (see `PageLifecycle`): script
/// evaluated earlier would reach the old document or nothing.
///
/// Every wait ends: with the script's result, its error, the caller's cancellation, or,
/// when the bridge is torn down first, `handler-failed`.
///
/// Script for the page client (events, page calls) is sent only to a page the bridge
/// trusts, checked when it is sent: another page could define `window.bridge` itself and
/// read what was meant for the app's pages. It also waits for the client of the document
/// now showing, which WebKit injects some time after the commit (see `ClientReadyScript`):
/// a document without one fails it with `handler-failed` rather than with whatever
/// `window.bridge` being undefined would throw. Script behind it waits too, keeping the order.
@MainActor
final class PageCallQueue: PageScriptRunner {
    /// Script for the page: an expression, or the body of an async function whose return
    /// value (awaited when it is a Promise) is the result.
    enum Script {
        case expression(String)
        case functionBody(String)
    }

    private struct Waiting {
        let id: Int
        let isClientScript: Bool
        /// Runs the script, or ends the wait with the refusal when the page may not or
        /// cannot take client script.
        let run: @MainActor (_ refusal: BridgeError?) -> Void
        let fail: @MainActor (any Error) -> Void
    }

    /// What is known of the page client in one document.
    private enum Client {
        case unknown
        case checking
        case present
        /// The document has none; the error says so.
        case absent(BridgeError)
    }

    private let webView: any BridgeWebView
    private let lifecycle: PageLifecycle
    /// Why the page now showing may not receive client script; nil when it may.
    private let refusal: @MainActor () -> BridgeError?
    private let onError: @MainActor (any Error) -> Void
    private var waiting: [Waiting] = []
    private var nextID = 0
    private var isClosed = false
    /// The page client of the document `PageLifecycle.commits` names; of an older one it says nothing.
    private var client: (document: Int, state: Client) = (0, .unknown)

    init(webView: any BridgeWebView, lifecycle: PageLifecycle, refusal: @escaping @MainActor () -> BridgeError?,
         onError: @escaping @MainActor (any Error) -> Void) {
        self.webView = webView
        self.lifecycle = lifecycle
        self.refusal = refusal
        self.onError = onError
    }

    /// Runs client script, reporting a failure or a refusal to the error handler.
    func run(_ script: String) {
        run(.expression(script), reportsRefusal: true)
    }

    /// Runs client script, reporting a failure (and, if `reportsRefusal`, a refusal or a
    /// document without the client) to the error handler.
    func run(_ script: Script, reportsRefusal: Bool) {
        run(reportsRefusal: reportsRefusal) { script }
    }

    /// Runs client script written when it runs (`script`), not when it was sent: what states
    /// the bridge's present (its handler names) must not reach a page after a newer statement
    /// of it, which a page's own `await` could see in between. Reports as `run(_:reportsRefusal:)`.
    func run(reportsRefusal: Bool, _ script: @escaping @MainActor () -> Script) {
        enqueue(isClientScript: true, fail: { _ in }) { [webView, onError] refusal in
            if let refusal {
                if reportsRefusal { onError(refusal) }
                return
            }
            let script = script()
            // Started at once, so script sent with `run` and with `evaluate` keeps its order.
            Task.immediate { @MainActor in
                do { _ = try await Self.execute(script, in: webView) } catch { onError(error) }
            }
        }
    }

    /// Runs `script` and returns its result as JSON text; client script (`isClientScript`)
    /// throws the refusal on a page the bridge does not trust or without the client.
    func evaluate(_ script: Script, isClientScript: Bool) async throws -> String? {
        if let error = closedError { throw error }
        if waiting.isEmpty, lifecycle.acceptsScript, !isClientScript || isClientPresent {
            if isClientScript, let error = refusal() { throw error }
            return try await Self.execute(script, in: webView)
        }
        nextID += 1
        let id = nextID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enqueue(id: id, isClientScript: isClientScript, fail: { continuation.resume(throwing: $0) }) {
                    [webView] refusal in
                    if let refusal { return continuation.resume(throwing: refusal) }
                    Task.immediate { @MainActor in
                        do { continuation.resume(returning: try await Self.execute(script, in: webView)) } catch {
                            continuation.resume(throwing: error)
                        }
                    }
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancel(id) }
        }
    }

    /// Runs what waits if a document can take it now.
    func pageLoad() {
        drain()
    }

    /// Ends every wait with `handler-failed` and refuses script from now on: the bridge is
    /// torn down, or its view destroyed.
    func close() {
        isClosed = true
        let ended = waiting
        waiting = []
        ended.forEach { $0.fail(closedError!) }
    }

    private var closedError: BridgeError? {
        isClosed ? BridgeError(.handlerFailed, "no page will run the script: the bridge was torn down or its view destroyed") : nil
    }

    private var isClientPresent: Bool {
        if client.document == lifecycle.commits, case .present = client.state { true } else { false }
    }

    private func cancel(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).fail(CancellationError())
    }

    private func enqueue(id: Int = 0, isClientScript: Bool, fail: @escaping @MainActor (any Error) -> Void,
                         _ run: @escaping @MainActor (BridgeError?) -> Void) {
        if isClosed { return fail(closedError!) }
        waiting.append(Waiting(id: id, isClientScript: isClientScript, run: run, fail: fail))
        drain()
    }

    /// Runs what waits, in order, while the document can take it: client script only once
    /// the document's client is known (refused at once on a page the bridge does not trust).
    private func drain() {
        while let next = waiting.first, lifecycle.acceptsScript {
            var refused: BridgeError?
            if next.isClientScript {
                refused = refusal()
                if refused == nil {
                    switch client.document == lifecycle.commits ? client.state : .unknown {
                    case .present: break
                    case .absent(let error): refused = error
                    case .checking: return
                    case .unknown: return checkClient()
                    }
                }
            }
            waiting.removeFirst()
            next.run(refused)
        }
    }

    private func checkClient() {
        let document = lifecycle.commits
        client = (document, .checking)
        Task.immediate { @MainActor [weak self, webView] in
            let outcome: Result<String?, any Error>
            do { outcome = .success(try await webView.runAsyncJavaScript(ClientReadyScript.source)) } catch { outcome = .failure(error) }
            self?.clientChecked(outcome, in: document)
        }
    }

    /// Takes the answer of `ClientReadyScript` for `document`; one for an older document
    /// says nothing of this one, which gets its own check.
    private func clientChecked(_ outcome: Result<String?, any Error>, in document: Int) {
        if document == lifecycle.commits {
            let page = lifecycle.uri(viewURI: webView.pageURI) ?? "(none)"
            switch outcome {
            case .success("true"):
                client.state = .present
            case .success:
                client.state = .absent(BridgeError(
                    .handlerFailed, "not sent: the page \(page) has no bridge client (WebKit injected none into this document)"))
            case .failure(let error):
                client.state = .absent(BridgeError(.handlerFailed, "not sent: the page \(page) could not be checked for a bridge client: \(error)"))
            }
        }
        drain()
    }

    private static func execute(_ script: Script, in webView: any BridgeWebView) async throws -> String? {
        switch script {
        case .expression(let source): try await webView.runJavaScript(source)
        case .functionBody(let body): try await webView.runAsyncJavaScript(body)
        }
    }

    isolated deinit {
        close()
    }
}
