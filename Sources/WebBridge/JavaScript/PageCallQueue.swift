/// Holds script sent before the page has committed and runs it, in order, once it has:
/// script evaluated earlier would reach the old document or nothing.
@MainActor
final class PageCallQueue: PageScriptRunner {
    private let webView: any BridgeWebView
    private let onError: @MainActor (any Error) -> Void
    private var isCommitted = false
    private var waiting: [@MainActor () -> Void] = []

    init(webView: any BridgeWebView, onError: @escaping @MainActor (any Error) -> Void) {
        self.webView = webView
        self.onError = onError
    }

    /// Runs `script`, reporting a failure to the error handler.
    func run(_ script: String) {
        whenCommitted { [webView, onError] in
            // Started at once, so script sent with `run` and with `evaluate` keeps its order.
            Task.immediate { @MainActor in
                do { _ = try await webView.runJavaScript(script) } catch { onError(error) }
            }
        }
    }

    /// Runs `script` and returns its completion value as JSON text.
    func evaluate(_ script: String) async throws -> String? {
        if isCommitted { return try await webView.runJavaScript(script) }
        return try await withCheckedThrowingContinuation { continuation in
            whenCommitted { [webView] in
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
