import GLibLog
import WebKitGTK
import WebBridge

extension AppWindow {
    /// Sends the event `name` to the window's trusted page (`bridge.on(name, …)` and a DOM
    /// `CustomEvent`), once the page now loading has finished loading, so the listeners its
    /// scripts add on load hear it: how a URL or a notification click that starts the app reaches
    /// the page it opens.
    public func dispatchWhenLoaded<Payload: Encodable & Sendable>(_ name: String, _ payload: Payload) {
        guard webView.isLoading || webView.uri == nil else { return send(name, payload) }
        let waiting = PendingEvent()
        waiting.observation = webView.observe { [weak self, waiting] event in
            guard case .load(.finished) = event else { return }
            waiting.observation = nil
            self?.send(name, payload)
        }
    }

    private func send<Payload: Encodable>(_ name: String, _ payload: Payload) {
        do {
            try bridge.dispatch(name, payload)
        } catch {
            Log.webKitGTK.warning("the \(name) event could not be encoded for the page: \(error)")
        }
    }
}

/// An event waiting for the page's load: the observation lives until it fires.
@MainActor
private final class PendingEvent {
    var observation: Observation?
}
