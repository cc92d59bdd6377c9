import WebKitGTK

/// A shown window holding one web view, for integration tests.
@MainActor
public final class TestWindow {
    public let window: Window
    public let view: WebView

    public init(view: WebView = WebView()) {
        self.view = view
        window = Window(title: "test", width: 640, height: 480)
        window.setChild(view.widget)
        window.showAll()
    }

    /// Loads HTML and waits for the load to finish.
    public func loadHTML(_ html: String, baseURI: String = "http://127.0.0.1/") async throws {
        view.load(html: html, baseURI: baseURI)
        try await waitForLoad()
    }

    /// Waits until the current load has finished.
    public func waitForLoad(timeout: Double = 10) async throws {
        var finished = false
        let observation = view.observe { if case .load(.finished) = $0 { finished = true } }
        defer { observation.cancel() }
        try await waitUntil(timeout: timeout, "load finished") { finished }
    }

    public func close() {
        window.close()
        drainPendingEvents()
    }
}
