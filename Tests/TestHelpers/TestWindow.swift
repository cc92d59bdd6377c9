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
        try await view.waitForLoad("load finished") { view.load(html: html, baseURI: baseURI) }
    }

    /// Waits until the current load has finished.
    public func waitForLoad(timeout: Double = 10) async throws {
        try await view.waitForLoad("load finished", timeout: timeout)
    }

    public func close() {
        window.close()
        drainPendingEvents()
    }
}
