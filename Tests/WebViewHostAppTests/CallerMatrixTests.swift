import Foundation
import TestHelpers
import WebBridge
import WebKitGTK
@testable import WebAppWindow
import XCTest

/// Every page-reachable service of an app window, tried by every kind of caller a page can be:
/// the app's own page, a frame of another origin inside it, a popup, a popup that navigated,
/// a second window showing another origin, and hostile payloads. A power is judged by the page
/// that asks, never by its opener or the page around it.
final class CallerMatrixTests: GTKTestCase {
    /// The services, as a page script tries them: each the answer, `error CODE`, or that the
    /// page had no way to make the call. Posts the results (JSON) to `report(results)`.
    private static let probe = """
        async function probeServices(report) {
          const bridge = window.webkit && window.webkit.bridge;
          const handlers = window.webkit && window.webkit.messageHandlers;
          const attempt = async (name, call) => {
            try { results[name] = String(await call()); } catch (e) { results[name] = 'error ' + (e && e.code); }
          };
          const results = {};
          await attempt('invoke', () => bridge ? bridge.invoke('echo', 'x') : 'no bridge');
          await attempt('post', () => handlers && handlers.echo ? handlers.echo.postMessage('x') : 'no handler');
          await attempt('binary', async () => bridge ? (await bridge.invokeBinary('bytes', new Uint8Array([1, 2, 3]).buffer)).byteLength : 'no bridge');
          await attempt('droppedFile', () => bridge ? bridge.invokeBinary('desktop.droppedFile', { token: 'a-guess' }) : 'no bridge');
          report(results);
        }
        """

    /// What the app's own page gets: every service, and a guessed dropped-file token refused.
    private static let ownPage = ["invoke": "x", "post": "x", "binary": "3", "droppedFile": "error forbidden"]
    /// What a caller without the app's powers gets: no way to call at all.
    private static let noPowers = ["invoke": "no bridge", "post": "no handler", "binary": "no bridge", "droppedFile": "no bridge"]

    /// The app's page (`index.html`, embedding `frameURI` and opening `popupURI` on a click)
    /// and its scripts, in files as `app:`'s policy wants.
    private static func writeAppPages(_ files: TestDirectory, frame frameURI: String, popup popupURI: String) {
        _ = files.write("probe.js", probe)
        _ = files.write("index.js", """
            window.frameResults = null;
            addEventListener('message', (event) => { if (event.data && event.data.results) window.frameResults = JSON.stringify(event.data.results); });
            document.getElementById('open').addEventListener('click', () => { window.popup = window.open(\(String(reflecting: popupURI)), '_blank'); });
            probeServices((results) => { window.results = JSON.stringify(results); });
            """)
        _ = files.write("index.html", """
            <title>app page</title>
            <button id="open" style="position:fixed;inset:0;width:100%;height:60%">open</button>
            <iframe src="\(frameURI)" style="position:fixed;bottom:0;height:30%;width:100%"></iframe>
            <script src="probe.js"></script><script src="index.js"></script>
            """)
    }

    /// A page of `server` that runs the probe and keeps its results, and in a frame posts them to its parent.
    @MainActor
    private static func serveProbePage(_ server: LoopbackServer, at path: String, titled title: String) {
        server.page(path, """
            <title>\(title)</title><script>\(probe)
            probeServices((results) => { window.results = JSON.stringify(results); if (window !== parent) parent.postMessage({ results }, '*'); });
            </script>
            """)
    }

    @MainActor
    private static func results(of view: WebView, in property: String = "results") async throws -> [String: String] {
        var json = ""
        try await eventually(timeout: 20, "the page tried the services") {
            json = try await view.evaluateJavaScript("window.\(property) || ''", as: String.self)
            return !json.isEmpty
        }
        return try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    }

    func testEveryServiceAnswersOnlyThePageThatMayCallIt() {
        let files = TestDirectory()
        gtkTest(timeout: 150) {
            let trustedWeb = try LoopbackServer(), otherOrigin = try LoopbackServer()
            defer { trustedWeb.stop(); otherOrigin.stop() }
            Self.serveProbePage(trustedWeb, at: "/popup.html", titled: "web popup")
            Self.serveProbePage(trustedWeb, at: "/next.html", titled: "web next")
            Self.serveProbePage(otherOrigin, at: "/frame.html", titled: "frame")
            Self.serveProbePage(otherOrigin, at: "/other.html", titled: "other origin")
            Self.writeAppPages(files, frame: otherOrigin.url("/frame.html"), popup: trustedWeb.url("/popup.html"))
            var scheme = try AppScheme(directory: files.url.path)
            try scheme.allow([otherOrigin.origin], for: "frame-src")

            let context = WebContext.ephemeral()
            context.register(scheme)
            var configuration = AppWindowConfiguration(appName: "Matrix", width: 640, height: 480, pageServices: [.droppedFiles])
            configuration.trusted = [.origin(trustedWeb.origin)]
            let controller = AppWindow(webView: WebView(context: context), configuration: configuration)
            defer { controller.close() }
            controller.bridge.add(Handler.replying("echo", as: String.self) { $0 })
            controller.bridge.add(BinaryHandler("bytes") { $0 })
            controller.show()
            try await open(scheme.uri(for: "index.html"), in: controller)

            // The app's own page, and a frame of another origin inside it.
            let seen1 = try await Self.results(of: controller.webView)
            XCTAssertEqual(seen1, Self.ownPage, "the app's page")
            let seen2 = try await Self.results(of: controller.webView, in: "frameResults")
            XCTAssertEqual(seen2, Self.noPowers, "a frame of another origin")

            // Hostile payloads from the app's own page: each refused with its own code.
            let hostile = try await controller.webView.callAsyncJavaScript("""
                const codes = [];
                for (const call of [() => window.bridge.invoke('echo', 'x'.repeat(70 * 1024 * 1024)),
                                    () => window.bridge.invoke('echo', 42),
                                    () => window.bridge.invoke('no-such-handler', 'x'),
                                    () => window.bridge.invokeBinary('desktop.droppedFile', { token: 'x'.repeat(100000) })]) {
                  try { await call(); codes.push('answered'); } catch (e) { codes.push(e.code); }
                }
                return codes.join(',');
                """, as: String.self)
            XCTAssertEqual(hostile, "payload-too-large,invalid-payload,unknown-handler,forbidden")

            // A popup of the trusted web origin, and the same popup after it navigated.
            try await clickIntoWindow(at: 320, 150)
            try await waitUntil(timeout: 20, "a popup window opened") { controller.popups.count == 1 }
            let popup = controller.popups[0]
            try await waitUntil(timeout: 20, "the popup showed its page") { popup.webView.title == "web popup" && !popup.webView.isLoading }
            let seen3 = try await Self.results(of: popup.webView)
            XCTAssertEqual(seen3, Self.noPowers, "a popup")
            _ = try await popup.webView.evaluateJavaScript("location = '/next.html'; null")
            try await waitUntil(timeout: 20, "the popup navigated") { popup.webView.title == "web next" && !popup.webView.isLoading }
            let seen4 = try await Self.results(of: popup.webView)
            XCTAssertEqual(seen4, Self.noPowers, "a popup that navigated")

            // A second window of the app showing another origin it lets load but does not trust.
            let second = AppWindow(webView: WebView(context: context), configuration: configuration)
            defer { second.close() }
            second.show()
            second.guards.allow(uri: otherOrigin.url("/other.html"))
            second.webView.load(uri: otherOrigin.url("/other.html"))
            try await waitUntil(timeout: 20, "the second window showed its page") { second.webView.title == "other origin" && !second.webView.isLoading }
            let seen5 = try await Self.results(of: second.webView)
            XCTAssertEqual(seen5, Self.noPowers, "a second window of another origin")
        }
    }
}
