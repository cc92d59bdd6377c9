import Foundation
import TestHelpers
import WebBridge
import WebKitGTK
@testable import WebAppWindow
@testable import WebViewHostApp
import XCTest

/// Popups that work: `window.open` of a page the window may show returns a real window
/// proxy — a related view in a new app window — so `opener`, `postMessage` both ways,
/// `w.close()` and `w.closed` behave as in GNOME Web; the popup gets no bridge (WebKit runs it
/// with its opener's scripts and handlers, so it could only be judged as its opener), closes
/// only itself, and one click opens one. On `file:` and `app:` pages, opened by a real click.
final class PopupTests: GTKTestCase {
    /// Writes the opener (`name`, a full-window button opening `target` and recording
    /// messages) and the popup page (`popup.html`) into `directory` of `files`. Scripts live in
    /// files of their own, as `app:`'s Content-Security-Policy wants.
    @discardableResult
    private static func writePages(_ files: TestDirectory, in directory: String, opener name: String = "opener.html",
                                   target: String = "popup.html", features: String = "", opens count: Int = 1) -> URL {
        _ = files.write("\(directory)opener.js", """
            window.messages = [];
            window.proxies = 0;
            addEventListener('message', (event) => { if (typeof event.data === 'string') window.messages.push(event.data); });
            document.getElementById('open').addEventListener('click', () => {
              for (let i = 0; i < \(count); i++) {
                const opened = window.open(\(String(reflecting: target)), '_blank', \(String(reflecting: features)));
                if (opened !== null) window.proxies += 1;
                if (i === 0) { window.popup = opened; window.gotProxy = opened !== null; }
              }
            });
            """)
        _ = files.write("\(directory)popup.js", """
            opener.postMessage('hello from the popup', '*');
            addEventListener('message', (event) => { if (event.data === 'ping') opener.postMessage('pong', '*'); });
            """)
        _ = files.write("\(directory)popup.html", "<title>popup</title><script src=\"popup.js\"></script>")
        return files.write("\(directory)\(name)", """
            <title>opener</title>
            <button id="open" style="position:fixed;inset:0;width:100%;height:100%">open</button>
            <script src="opener.js"></script>
            """)
    }

    @MainActor
    private static func messages(of window: AppWindow) async throws -> [String] {
        try await window.webView.evaluateJavaScript("window.messages", as: [String].self)
    }

    /// Clicks the opener's button and checks the popup end to end; returns the popup.
    @MainActor
    private static func checkPopup(from controller: AppWindow, showing target: String) async throws -> AppWindow {
        try await clickIntoWindow()
        try await waitUntil(timeout: 20, "a popup window opened") { controller.popups.count == 1 }
        let popup = controller.popups[0]
        try await waitUntil(timeout: 20, "the popup showed its page") {
            popup.window.isVisible && popup.webView.uri == target && !popup.webView.isLoading
        }
        let gotProxy = try await controller.webView.evaluateJavaScript("String(window.gotProxy)", as: String.self)
        XCTAssertEqual(gotProxy, "true", "window.open returned null")
        try await eventually(timeout: 20, "the popup's message reached its opener") {
            try await messages(of: controller).contains("hello from the popup")
        }
        let hasOpener = try await popup.webView.evaluateJavaScript("String(window.opener !== null)", as: String.self)
        XCTAssertEqual(hasOpener, "true")
        _ = try await controller.webView.evaluateJavaScript("window.popup.postMessage('ping', '*'); null")
        try await eventually(timeout: 20, "the opener's message was answered") { try await messages(of: controller).contains("pong") }
        return popup
    }

    @MainActor
    private static func closeFromTheOpener(_ popup: AppWindow, of controller: AppWindow) async throws {
        var closed = false
        let observation = popup.onClosed { closed = true }
        defer { observation.cancel() }
        _ = try await controller.webView.evaluateJavaScript("window.popup.close(); null")
        try await waitUntil(timeout: 20, "w.close() closed the popup's window") { closed }
        try await eventually(timeout: 20, "w.closed became true") {
            return try await controller.webView.evaluateJavaScript("String(window.popup.closed)", as: String.self) == "true"
        }
        try await waitUntil(timeout: 20, "the popup left the opener's list") { controller.popups.isEmpty }
    }

    func testAPopupOfAFilePageIsARealWindowProxy() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            let page = Self.writePages(files, in: "site/")
            let target = files.url.appendingPathComponent("site/popup.html")
            let controller = makeWindow(width: 640, height: 480)
            defer { controller.close() }
            controller.show()
            try await open(page.absoluteString, in: controller)
            let popup = try await Self.checkPopup(from: controller, showing: target.absoluteString)
            let bridge = try await popup.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
            XCTAssertEqual(bridge, "undefined", "a popup got a bridge: its opener's")
            try await Self.closeFromTheOpener(popup, of: controller)
        }
    }

    /// Opens `opener.html` of an `app:` scheme over `files` in a new window and its popup
    /// (`popup.html`, of a page the opener's window trusts, yet without a bridge) with a click;
    /// calls `body` with both.
    @MainActor
    private static func withAppPopup(_ files: TestDirectory,
                                     _ body: @MainActor (_ controller: AppWindow, _ popup: AppWindow) async throws -> Void) async throws {
        writePages(files, in: "")
        let scheme = try AppScheme(directory: files.url.path)
        let controller = makeWindowWithOwnContext(registering: scheme).window
        defer { controller.close() }
        controller.show()
        try await open(scheme.uri(for: "opener.html"), in: controller)
        let popup = try await checkPopup(from: controller, showing: scheme.uri(for: "popup.html"))
        let bridge = try await popup.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
        XCTAssertEqual(bridge, "undefined", "a popup got a bridge: its opener's")
        try await body(controller, popup)
    }

    /// The opener's window is still on screen and its page still answers.
    @MainActor
    private static func checkOpenerStays(_ controller: AppWindow) async throws {
        XCTAssertTrue(controller.window.isVisible, "closing the popup closed its opener")
        let title = try await controller.webView.evaluateJavaScript("document.title", as: String.self)
        XCTAssertEqual(title, "opener")
    }

    func testAPopupOfAnAppPageIsARealWindowProxy() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            try await Self.withAppPopup(files) { controller, popup in
                // The app closing the popup leaves the opener.
                popup.close()
                try await waitUntil(timeout: 20, "the popup left the opener's list") { controller.popups.isEmpty }
                try await Self.checkOpenerStays(controller)
            }
        }
    }

    /// A trusted popup's `window.close()` (WebKit's own, for a window a script opened) closes
    /// the popup's window only, never its opener's.
    func testATrustedAppPopupClosingItselfLeavesItsOpener() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            try await Self.withAppPopup(files) { controller, popup in
                var closed = false
                let observation = popup.onClosed { closed = true }
                defer { observation.cancel() }
                _ = try await popup.webView.evaluateJavaScript("window.close(); null")
                try await waitUntil(timeout: 20, "window.close() closed the popup's window") { closed }
                try await waitUntil(timeout: 20, "the popup left the opener's list") { controller.popups.isEmpty }
                try await eventually(timeout: 20, "w.closed became true") {
                    try await controller.webView.evaluateJavaScript("String(window.popup.closed)", as: String.self) == "true"
                }
                try await Self.checkOpenerStays(controller)
            }
        }
    }

    /// The opener's `w.close()` of a trusted popup closes the popup's window only.
    func testAnAppOpenerClosingItsTrustedPopupStaysOpen() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            try await Self.withAppPopup(files) { controller, popup in
                try await Self.closeFromTheOpener(popup, of: controller)
                try await Self.checkOpenerStays(controller)
            }
        }
    }

    /// Opens a trusted `file:` opener in a new window and, with a click, its popup: a page the
    /// window may show but does not trust (allowed for navigation only); calls `body` with both.
    @MainActor
    private static func withUntrustedPopup(_ files: TestDirectory,
                                           _ body: @MainActor (_ controller: AppWindow, _ popup: AppWindow) async throws -> Void) async throws {
        writePages(files, in: "other/")
        let other = files.url.appendingPathComponent("other/popup.html")
        let page = writePages(files, in: "site/", target: other.absoluteString)
        let controller = makeWindow(width: 640, height: 480)
        defer { controller.close() }
        controller.show()
        try await open(page.absoluteString, in: controller)
        controller.guards.allow(uri: other.absoluteString)
        let openerBridge = try await controller.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
        XCTAssertEqual(openerBridge, "object")
        let popup = try await checkPopup(from: controller, showing: other.absoluteString)
        try await body(controller, popup)
    }

    /// Hostile: an untrusted popup of a trusted page gets no bridge, though it shares the web process.
    func testAnUntrustedPopupGetsNoBridge() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            try await Self.withUntrustedPopup(files) { controller, popup in
                let bridge = try await popup.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
                XCTAssertEqual(bridge, "undefined", "an untrusted popup got the bridge")
                try await Self.closeFromTheOpener(popup, of: controller)
            }
        }
    }

    /// Hostile: an untrusted popup (no bridge) that calls `window.close()` and
    /// `opener.close()` leaves its trusted opener open and answering.
    func testAnUntrustedPopupCannotCloseItsOpener() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            try await Self.withUntrustedPopup(files) { controller, popup in
                _ = try await popup.webView.evaluateJavaScript("""
                    window.close();
                    try { opener.close(); } catch (error) {}
                    null
                    """)
                try await settle(milliseconds: 1500)
                try await Self.checkOpenerStays(controller)
                if !controller.popups.isEmpty { try await Self.closeFromTheOpener(popup, of: controller) }
            }
        }
    }

    // MARK: Judged by its own page

    /// What the popup's page (`web-popup.html` of a trusted web origin) got from the handler the
    /// app narrows to `app://` pages, through `bridge.invoke` and `messageHandlers.appOnly`:
    /// the answer, `error CODE`, or that there was no way to call it. The page posts it to
    /// itself as `window.results` (JSON) once both calls settled.
    private static let probeScript = """
        <script>
        (async () => {
          const results = {};
          const bridge = window.webkit && window.webkit.bridge;
          try { results.invoke = bridge ? await bridge.invoke('appOnly', 'x') : 'no bridge'; } catch (e) { results.invoke = 'error ' + e.code; }
          const handler = window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.appOnly;
          try { results.post = handler ? await handler.postMessage('x') : 'no handler'; } catch (e) { results.post = 'error ' + e.code; }
          window.results = JSON.stringify(results);
        })();
        </script>
        """

    @MainActor
    private static func probeResults(of view: WebView) async throws -> [String: String] {
        var json = ""
        try await eventually(timeout: 20, "the page tried the app-only handler") {
            json = try await view.evaluateJavaScript("window.results || ''", as: String.self)
            return !json.isEmpty
        }
        return try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    }

    /// A window of `scheme` that also trusts `server`'s origin, with a handler only the app's
    /// own pages may call (`callable(by: .appScheme)`).
    @MainActor
    private static func appWindowTrusting(_ server: LoopbackServer, scheme: AppScheme) -> AppWindow {
        let controller = makeWindowWithOwnContext(registering: scheme).window
        controller.trust(.origin(server.origin))
        controller.bridge.add(Handler.replying("appOnly", as: String.self) { _ in "app-only answer" }.callable(by: .appScheme))
        return controller
    }

    /// Opens `opener.html` of `scheme` in a window that trusts `server` (`appWindowTrusting`)
    /// and clicks it; returns that window, to close when done, and its popup once the popup's
    /// page, titled `title`, has loaded.
    @MainActor
    private static func openPopup(of scheme: AppScheme, trusting server: LoopbackServer,
                                  titled title: String) async throws -> (controller: AppWindow, popup: AppWindow) {
        let controller = appWindowTrusting(server, scheme: scheme)
        controller.show()
        try await open(scheme.uri(for: "opener.html"), in: controller)
        try await clickIntoWindow()
        try await waitUntil(timeout: 20, "a popup window opened") { controller.popups.count == 1 }
        let popup = controller.popups[0]
        try await waitUntil(timeout: 20, "the popup showed its page") { popup.webView.title == title && !popup.webView.isLoading }
        return (controller, popup)
    }

    /// The app-only handler's answer reached `view`'s page by neither route.
    @MainActor
    private static func expectRefused(in view: WebView, _ what: String) async throws {
        let results = try await probeResults(of: view)
        XCTAssertNotEqual(results["invoke"], "app-only answer", "\(what): bridge.invoke was judged by its opener's page")
        XCTAssertNotEqual(results["post"], "app-only answer", "\(what): postMessage was judged by its opener's page")
    }

    /// Runs `body` as a GTK test with a loopback server, the trusted web origin, whose
    /// `/web-popup.html` tries the app-only handler (`probeScript`), and a directory for the
    /// app's pages.
    private func webPopupTest(_ body: @escaping @MainActor (_ server: LoopbackServer, _ files: TestDirectory) async throws -> Void) {
        let files = TestDirectory()
        gtkTest(timeout: 120) {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.page("/web-popup.html", "<title>web popup</title>" + Self.probeScript)
            try await body(server, files)
        }
    }

    /// Hostile: an `app://` page opens a page of the app's trusted web origin; that popup calls a
    /// handler the app narrows to `app://` pages, by `bridge.invoke` and by
    /// `messageHandlers.X.postMessage`, and again after it navigated. It never gets the answer,
    /// as the same page in a window of its own does not (`forbidden`). (WebKit runs the popup
    /// with its opener's scripts and handlers: judged by its opener's page, it got the answer.)
    func testAWebPopupOfAnAppPageIsJudgedByItsOwnPage() {
        webPopupTest { server, files in
            server.page("/web-next.html", "<title>web next</title>" + Self.probeScript)
            Self.writePages(files, in: "", target: server.url("/web-popup.html"))
            let scheme = try AppScheme(directory: files.url.path)

            let alone = Self.appWindowTrusting(server, scheme: scheme)
            defer { alone.close() }
            alone.show()
            try await open(server.url("/web-popup.html"), in: alone)
            let inItsOwnWindow = try await Self.probeResults(of: alone.webView)
            XCTAssertEqual(inItsOwnWindow, ["invoke": "error forbidden", "post": "error forbidden"],
                           "in a window of its own, the web page is refused the app-only handler")
            alone.close()

            let (controller, popup) = try await Self.openPopup(of: scheme, trusting: server, titled: "web popup")
            defer { controller.close() }
            try await Self.expectRefused(in: popup.webView, "the popup")
            _ = try await popup.webView.evaluateJavaScript("location = '/web-next.html'; null")
            try await waitUntil(timeout: 20, "the popup navigated") { popup.webView.title == "web next" }
            try await Self.expectRefused(in: popup.webView, "the navigated popup")
            let hasOpener = try await popup.webView.evaluateJavaScript("String(window.opener !== null)", as: String.self)
            XCTAssertEqual(hasOpener, "true", "the popup lost its opener")
            // The opener's own page is still judged as itself.
            let own = try await controller.webView.callAsyncJavaScript("return await window.bridge.invoke('appOnly', 'x')", as: String.self)
            XCTAssertEqual(own, "app-only answer")
        }
    }

    /// Hostile: the same through a link: an `app://` page opens an `app://` popup (which gets no
    /// bridge either), in which the user clicks a link to the trusted web origin's page.
    func testAnAppPopupFollowingALinkToTheWebIsJudgedByItsNewPage() {
        webPopupTest { server, files in
            Self.writePages(files, in: "", target: "chain.html")
            _ = files.write("chain.html", """
                <title>chain</title>
                <a id="go" href="\(server.url("/web-popup.html"))" style="position:fixed;inset:0;display:block">go</a>
                """)
            let scheme = try AppScheme(directory: files.url.path)
            let (controller, popup) = try await Self.openPopup(of: scheme, trusting: server, titled: "chain")
            defer { controller.close() }
            let bridge = try await popup.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
            XCTAssertEqual(bridge, "undefined", "the app:// popup got its opener's bridge")
            try await clickIntoWindow()
            try await waitUntil(timeout: 20, "the link opened the web page in the popup") { popup.webView.title == "web popup" }
            try await Self.expectRefused(in: popup.webView, "the popup's new page")
        }
    }

    // MARK: Closing

    /// Writes the pages (`writePages`, the opener's click opening `count` popups with
    /// `features`) into `files`, opens `opener.html` of an `app:` scheme over them in a new
    /// window and clicks it; returns the window, to close when done, and the scheme.
    @MainActor
    private static func clickAppOpener(_ files: TestDirectory, target: String = "popup.html", features: String = "",
                                       opens count: Int = 1) async throws -> (controller: AppWindow, scheme: AppScheme) {
        writePages(files, in: "", target: target, features: features, opens: count)
        let scheme = try AppScheme(directory: files.url.path)
        let controller = makeWindowWithOwnContext(registering: scheme).window
        controller.show()
        try await open(scheme.uri(for: "opener.html"), in: controller)
        try await clickIntoWindow()
        return (controller, scheme)
    }

    /// Opens `opener.html` of an `app:` scheme over `files` (its popup opened with `features`)
    /// and clicks it; calls `body` with the opener's window and the popup's once it shows
    /// `popup.html`.
    @MainActor
    private static func openAppPopup(_ files: TestDirectory, features: String,
                                     _ body: @MainActor (_ controller: AppWindow, _ popup: AppWindow, _ scheme: AppScheme) async throws -> Void) async throws {
        _ = files.write("next.html", "<title>next</title>")
        let (controller, scheme) = try await clickAppOpener(files, features: features)
        defer { controller.close() }
        try await waitUntil(timeout: 20, "a popup window opened") { controller.popups.count == 1 }
        let popup = controller.popups[0]
        try await waitUntil(timeout: 20, "the popup showed its page") {
            popup.webView.uri == scheme.uri(for: "popup.html") && !popup.webView.isLoading
        }
        try await body(controller, popup, scheme)
    }

    /// Calls `window.close()` in `popup`'s page: the opener's window stays, on its page.
    /// Returns whether the popup's own window closed.
    @MainActor
    private static func closeFromThePopup(_ popup: AppWindow, leaving controller: AppWindow) async throws -> Bool {
        let openerClosed = CloseWatch(controller)
        let popupClosed = CloseWatch(popup)
        _ = try await popup.webView.evaluateJavaScript("setTimeout(() => window.close(), 0); null")
        try await settle(milliseconds: 1500)
        XCTAssertFalse(openerClosed.closed, "the popup closed its opener's window")
        try await checkOpenerStays(controller)
        return popupClosed.closed
    }

    /// Hostile: a popup opened with `noopener` calls `window.close()`: its own window closes
    /// (a script opened it), its opener's never. (It closed the opener's window, without asking
    /// the opener's page.)
    func testANoopenerPopupCannotCloseItsOpener() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            try await Self.openAppPopup(files, features: "noopener") { controller, popup, _ in
                let popupClosed = try await Self.closeFromThePopup(popup, leaving: controller)
                XCTAssertTrue(popupClosed, "the popup's window.close() did not close it")
            }
        }
    }

    /// Hostile: a popup that set `window.opener = null` and navigated calls `window.close()`:
    /// its opener's window stays.
    func testAPopupThatDroppedItsOpenerAndNavigatedCannotCloseItsOpener() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            try await Self.openAppPopup(files, features: "") { controller, popup, scheme in
                _ = try await popup.webView.evaluateJavaScript("window.opener = null; location = 'next.html'; null")
                try await waitUntil(timeout: 20, "the popup navigated") {
                    popup.webView.uri == scheme.uri(for: "next.html") && !popup.webView.isLoading
                }
                _ = try await Self.closeFromThePopup(popup, leaving: controller)
            }
        }
    }

    /// A popup's `window.close()` lets the popup's `beforeunload` ask first, as the window's
    /// × does: Stay keeps it, Leave closes it; the opener stays either way.
    func testAPopupClosingItselfAsksItsPageFirst() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            _ = files.write("guarded.js", """
                addEventListener('mousedown', () => { document.title = 'guarded, touched'; });
                addEventListener('beforeunload', (event) => { event.preventDefault(); event.returnValue = ''; });
                """)
            _ = files.write("guarded.html", "<title>guarded</title><style>html, body { height: 100%; margin: 0; }</style><script src=\"guarded.js\"></script>")
            let controller = try await Self.clickAppOpener(files, target: "guarded.html").controller
            defer { controller.close() }
            try await waitUntil(timeout: 20, "a popup window opened") { controller.popups.count == 1 }
            let popup = controller.popups[0]
            try await waitUntil(timeout: 20, "the popup showed its page") { popup.webView.title == "guarded" && !popup.webView.isLoading }
            // The user touched the page: only then may its beforeunload ask.
            try await clickIntoWindow()
            try await waitUntil("the popup saw the click") { popup.window.title == "guarded, touched" }
            try await ClosingTests.expectAskedTwice(popup) {
                Task { @MainActor in _ = try? await popup.webView.evaluateJavaScript("setTimeout(() => window.close(), 0); null") }
            }
            try await Self.checkOpenerStays(controller)
        }
    }

    // MARK: Bounded

    /// Hostile: one click whose handler calls `window.open` 200 times opens one window; the
    /// other calls get `null`, and the opener's window says once that the page tried to open
    /// more. (It opened 175–199 windows.)
    func testOneClickOpensOneWindow() {
        let files = TestDirectory()
        gtkTest(timeout: 120) {
            let controller = try await Self.clickAppOpener(files, opens: 200).controller
            defer { controller.close() }
            try await waitUntil(timeout: 20, "a popup window opened") { controller.popups.count >= 1 }
            try await settle(milliseconds: 3000)
            XCTAssertEqual(controller.popups.count, 1, "one click opened \(controller.popups.count) windows")
            let proxies = try await controller.webView.evaluateJavaScript("window.proxies", as: Int.self)
            XCTAssertEqual(proxies, 1, "window.open returned \(proxies) window proxies")
            XCTAssertTrue(controller.blockedPopupsBar.isVisible, "the window did not say the page tried to open more")
            let message = controller.blockedPopupsBar.message
            XCTAssertTrue(message.hasPrefix("This page tried to open ") && message.hasSuffix(" more windows at once; they were blocked."), message)
            // A second click is a second gesture: one more window.
            controller.popups[0].close()
            try await waitUntil(timeout: 20, "the popup closed") { controller.popups.isEmpty }
            controller.window.present()
            try await clickIntoWindow()
            try await waitUntil(timeout: 20, "the second click opened a window") { controller.popups.count == 1 }
            try await settle(milliseconds: 2000)
            XCTAssertEqual(controller.popups.count, 1)
        }
    }

    /// Gesture rules stay: a `window.open` without a user gesture opens nothing.
    func testAPopupWithoutAGestureOpensNothing() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            Self.writePages(files, in: "site/")
            _ = files.write("site/early.js", "window.early = window.open('popup.html');")
            let page = files.write("site/early.html", "<title>early</title><script src=\"early.js\"></script>")
            let controller = makeWindow(width: 640, height: 480)
            defer { controller.close() }
            controller.show()
            try await open(page.absoluteString, in: controller)
            try await Task.sleep(nanoseconds: 1_500_000_000)
            XCTAssertEqual(controller.popups.count, 0)
            let early = try await controller.webView.evaluateJavaScript("String(window.early === null)", as: String.self)
            XCTAssertEqual(early, "true", "a popup without a gesture got a window")
        }
    }
}
