import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import WebBridgeGTK
import WebKitGTK

/// The page every bridge integration test starts from: a shown window with a real web view
/// and a bridge on it, optionally an `echo` handler (raw JSON back as it came) that counts
/// its calls, and a way to run async page code.
@MainActor
final class BridgePageFixture {
    let window: TestWindow
    let bridge: WebViewBridge
    /// The calls `echo` answered (with `echo: true`).
    private(set) var echoes = 0

    /// The bridge trusts `configuration.callers` and the origin `load(body:)` pages have
    /// (TestWindow's base URI, `http://127.0.0.1/`).
    /// `prepare` runs on the view before the bridge exists: its document-start scripts run
    /// before the bridge's client.
    init(configuration: BridgeConfiguration = BridgeConfiguration(), echo: Bool = false, prepare: (WebView) -> Void = { _ in }) {
        window = TestWindow()
        prepare(window.view)
        var configuration = configuration
        configuration.callers = configuration.callers.union(.origins("http://127.0.0.1"))
        bridge = WebViewBridge(view: window.view, configuration: configuration)
        if echo { bridge.add(Handler.rawJSON("echo") { [unowned self] json in echoes += 1; return json }) }
    }

    /// A fixture with its counted `echo` handler and `body` loaded: the set-up the content-world,
    /// hostile-page and caller scenarios share.
    static func echoing(_ configuration: BridgeConfiguration = BridgeConfiguration(), body: String = "") async throws -> BridgePageFixture {
        let page = BridgePageFixture(configuration: configuration, echo: true)
        try await page.load(body: body)
        return page
    }

    func load(body: String = "") async throws {
        try await window.loadHTML("<!doctype html><html><head><meta charset='utf-8'></head><body>\(body)</body></html>")
    }

    /// Runs `body` as an async function in the page and returns what it returned, or
    /// `{"error": {code, message, isError}}` when it threw.
    func run(_ body: String, timeout: TimeInterval = 20) async throws -> JSONValue {
        _ = try await bridge.evaluateJavaScript("""
            window.__outcome = undefined;
            (async () => { \(body) })().then(
              (value) => { window.__outcome = { value: value === undefined ? null : value }; },
              (e) => { window.__outcome = { error: { code: String(e && e.code), message: String(e && e.message), isError: e instanceof Error } }; });
            null
            """)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let outcome = try await bridge.evaluateJavaScript("window.__outcome === undefined ? null : window.__outcome",
                                                              as: JSONValue.self)
            if case .object(let fields) = outcome {
                return fields["value"] ?? ["error": fields["error"] ?? nil]
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw PageTimeout(code: String(body.prefix(80)))
    }

    func close() {
        bridge.tearDown()
        window.close()
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] } else { return nil }
    }
}

struct PageTimeout: Error {
    let code: String
}
