/// Holds script sent while no document can take it (before the first commit, or while a
/// load is under way) and runs it, in order, once one can (see `PageLifecycle`): script
/// evaluated earlier would reach the old document or nothing.
///
/// Every wait ends: with the script's result, its error, the caller's cancellation, or,
/// when the bridge is torn down first, `handler-failed`.
///
/// Script for the page client (events, page calls) is sent only to a page the bridge
/// trusts, checked when it is sent: another page could define `window.bridge` itself and
/// read what was meant for the app's pages.
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
        let run: @MainActor () -> Void
        let fail: @MainActor (any Error) -> Void
    }

    private let webView: any BridgeWebView
    private let lifecycle: PageLifecycle
    /// Why the page now showing may not receive client script; nil when it may.
    private let refusal: @MainActor () -> BridgeError?
    private let onError: @MainActor (any Error) -> Void
    private var waiting: [Waiting] = []
    private var nextID = 0
    private var isClosed = false

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

    /// Runs client script, reporting a failure (and, if `reportsRefusal`, a refusal) to the error handler.
    func run(_ script: Script, reportsRefusal: Bool) {
        whenReady(fail: { _ in }) { [webView, refusal, onError] in
            if let error = refusal() {
                if reportsRefusal { onError(error) }
                return
            }
            // Started at once, so script sent with `run` and with `evaluate` keeps its order.
            Task.immediate { @MainActor in
                do { _ = try await Self.execute(script, in: webView) } catch { onError(error) }
            }
        }
    }

    /// Runs `script` and returns its result as JSON text; client script (`isClientScript`)
    /// throws the refusal on a page the bridge does not trust.
    func evaluate(_ script: Script, isClientScript: Bool) async throws -> String? {
        let refusal = isClientScript ? refusal : { nil }
        if let error = closedError { throw error }
        if lifecycle.acceptsScript {
            if let error = refusal() { throw error }
            return try await Self.execute(script, in: webView)
        }
        nextID += 1
        let id = nextID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                whenReady(id: id, fail: { continuation.resume(throwing: $0) }) { [webView] in
                    if let error = refusal() { return continuation.resume(throwing: error) }
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

    /// Runs what waits if a document can take script now.
    func pageLoad() {
        guard lifecycle.acceptsScript, !waiting.isEmpty else { return }
        let ready = waiting
        waiting = []
        ready.forEach { $0.run() }
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

    private func cancel(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).fail(CancellationError())
    }

    private func whenReady(id: Int = 0, fail: @escaping @MainActor (any Error) -> Void,
                           _ work: @escaping @MainActor () -> Void) {
        if isClosed { return fail(closedError!) }
        if lifecycle.acceptsScript { work() } else { waiting.append(Waiting(id: id, run: work, fail: fail)) }
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
