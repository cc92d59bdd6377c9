/// Holds script sent before the page has committed and runs it, in order, once it has:
/// script evaluated earlier would reach the old document or nothing.
///
/// Script for the page client (events, page calls) is sent only to a page the bridge
/// trusts, checked when it is sent: another page could define `window.bridge` itself and
/// read what was meant for the app's pages.
@MainActor
final class PageCallQueue: PageScriptRunner {
    private let webView: any BridgeWebView
    /// Why the page now showing may not receive client script; nil when it may.
    private let refusal: @MainActor () -> BridgeError?
    private let onError: @MainActor (any Error) -> Void
    private var isCommitted = false
    private var waiting: [@MainActor () -> Void] = []

    init(webView: any BridgeWebView, refusal: @escaping @MainActor () -> BridgeError?,
         onError: @escaping @MainActor (any Error) -> Void) {
        self.webView = webView
        self.refusal = refusal
        self.onError = onError
    }

    /// Runs client script, reporting a failure or a refusal to the error handler.
    func run(_ script: String) {
        run(script, reportsRefusal: true)
    }

    /// Runs client script, reporting a failure (and, if `reportsRefusal`, a refusal) to the error handler.
    func run(_ script: String, reportsRefusal: Bool) {
        whenCommitted { [webView, refusal, onError] in
            if let error = refusal() {
                if reportsRefusal { onError(error) }
                return
            }
            // Started at once, so script sent with `run` and with `evaluate` keeps its order.
            Task.immediate { @MainActor in
                do { _ = try await webView.runJavaScript(script) } catch { onError(error) }
            }
        }
    }

    /// Runs `script` and returns its completion value as JSON text; client script
    /// (`isClientScript`) throws the refusal on a page the bridge does not trust.
    func evaluate(_ script: String, isClientScript: Bool) async throws -> String? {
        let refusal = isClientScript ? refusal : { nil }
        if isCommitted {
            if let error = refusal() { throw error }
            return try await webView.runJavaScript(script)
        }
        return try await withCheckedThrowingContinuation { continuation in
            whenCommitted { [webView] in
                if let error = refusal() { return continuation.resume(throwing: error) }
                Task.immediate { @MainActor in
                    do { continuation.resume(returning: try await webView.runJavaScript(script)) } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        }
    }

    func pageLoad(_ event: PageLoadEvent) {
        switch event {
        case .started: isCommitted = false
        case .committed:
            isCommitted = true
            let ready = waiting
            waiting = []
            ready.forEach { $0() }
        case .finished, .failed: break
        }
    }

    /// Whether script sent now runs at once.
    var runsImmediately: Bool { isCommitted }

    private func whenCommitted(_ work: @escaping @MainActor () -> Void) {
        if isCommitted { work() } else { waiting.append(work) }
    }
}
