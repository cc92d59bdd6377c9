import CWebKitGTKHelpers
import TestHelpers
import WebKitGTK
import WebAppWindow
import WebViewHostApp
import XCTest

final class AppWindowTests: GTKTestCase {
    /// Writes two titled pages, `first` and `second` (running `secondScript`), into `files`,
    /// to go back and forth between.
    private static func writeTwoPages(in files: TestDirectory, secondScript: String? = nil) -> (first: URL, second: URL) {
        let script = secondScript.map { "<script>\($0)</script>" } ?? ""
        return (files.write("first.html", "<title>first</title>"), files.write("second.html", "<title>second</title>" + script))
    }

    func testWindowTitleFollowsThePageTitleAndFallsBackToTheAddress() {
        let files = TestDirectory()
        let page = files.write("titled.html", "<title>First title</title>")
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            XCTAssertEqual(controller.window.title, "WebViewHost")
            try await open(page.absoluteString, in: controller)
            try await waitUntil("page title shown") { controller.window.title == "First title" }
            _ = try await controller.webView.evaluateJavaScript("document.title = 'Second title'")
            try await waitUntil("title changed") { controller.window.title == "Second title" }
            _ = try await controller.webView.evaluateJavaScript("document.title = ''")
            try await waitUntil("title fell back to the address") { controller.window.title == page.absoluteString }
            _ = try await controller.webView.evaluateJavaScript("document.title = 'Third'")
            try await waitUntil("title back") { controller.window.title == "Third" }
            controller.close()
        }
    }

    func testButtonsAreSensitiveOnlyWhenTheyCanAct() {
        let files = TestDirectory()
        let (first, second) = Self.writeTwoPages(in: files)
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            XCTAssertFalse(controller.backButton.isSensitive)
            XCTAssertFalse(controller.forwardButton.isSensitive)
            XCTAssertFalse(controller.reloadButton.isSensitive, "nothing to reload yet")
            try await open(first.absoluteString, in: controller)
            XCTAssertFalse(controller.backButton.isSensitive)
            XCTAssertFalse(controller.forwardButton.isSensitive)
            XCTAssertTrue(controller.reloadButton.isSensitive)
            try await open(second.absoluteString, in: controller)
            XCTAssertTrue(controller.backButton.isSensitive)
            XCTAssertFalse(controller.forwardButton.isSensitive)

            controller.backButton.click()
            try await waitUntil("went back") { controller.webView.uri == first.absoluteString && !controller.webView.isLoading }
            XCTAssertFalse(controller.backButton.isSensitive)
            XCTAssertTrue(controller.forwardButton.isSensitive)
            XCTAssertEqual(controller.window.title, "first")

            controller.forwardButton.click()
            try await waitUntil("went forward") { controller.webView.uri == second.absoluteString && !controller.webView.isLoading }
            XCTAssertTrue(controller.backButton.isSensitive)
            XCTAssertFalse(controller.forwardButton.isSensitive)
            controller.close()
        }
    }

    func testProgressBarAndStopButtonFollowASlowLoad() throws {
        let resources = try XCTUnwrap(AppResources.locate())
        gtkTest {
            // A context of its own: WebKitGTK 6.0 hands a new view of the default context the
            // web process (and memory cache) an earlier test left, one that stopped this very
            // page mid-chain; what this page loads must not depend on it.
            let (controller, context) = makeWindowWithOwnContext()
            defer { withExtendedLifetime(context) {} }
            controller.show()
            var fractionsWhileVisible: [Double] = []
            var icons: Set<String> = []
            let observation = controller.webView.observe { _ in
                if controller.progressBar.isVisible { fractionsWhileVisible.append(controller.progressBar.fraction) }
                if let icon = controller.reloadButton.iconName { icons.insert(icon) }
            }
            try await open(resources.url(for: "slow.html").absoluteString, in: controller)
            observation.cancel()
            XCTAssertTrue(icons.contains("process-stop-symbolic"), "the reload button never turned into stop")
            XCTAssertEqual(controller.reloadButton.iconName, "view-refresh-symbolic")
            XCTAssertFalse(controller.progressBar.isVisible, "the progress bar stayed after loading")
            let partial = Set(fractionsWhileVisible.filter { $0 > 0.1 && $0 < 1 })
            XCTAssertGreaterThan(partial.count, 3, "progress did not move step by step: \(fractionsWhileVisible)")
            let status = try await controller.webView.evaluateJavaScript("document.getElementById('status').textContent")
            let steps = try await controller.webView.evaluateJavaScript(
                "performance.getEntriesByType('resource').filter(e => e.name.includes('step.js')).length", as: Int.self)
            XCTAssertEqual(status, "Loaded 40 tiles.", "\(steps) steps fetched")
            controller.close()
        }
    }

    func testKeyboardShortcuts() {
        let files = TestDirectory()
        let (first, second) = Self.writeTwoPages(in: files)
        #if GTK4
        // GTK 4 names Alt apart and reports no Num Lock among the modifiers at all.
        let alt = GDK_ALT_MASK.rawValue, control = GDK_CONTROL_MASK.rawValue, numLock: UInt32 = 0
        #else
        let alt = GDK_MOD1_MASK.rawValue, control = GDK_CONTROL_MASK.rawValue, numLock = GDK_MOD2_MASK.rawValue
        #endif
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            try await open(first.absoluteString, in: controller)
            try await open(second.absoluteString, in: controller)
            let keys = controller.shortcuts

            XCTAssertTrue(keys.handle(keyval: UInt32(GDK_KEY_Left), modifiers: alt))
            try await waitUntil("Alt+Left went back") { controller.webView.uri == first.absoluteString && !controller.webView.isLoading }
            XCTAssertTrue(keys.handle(keyval: UInt32(GDK_KEY_Right), modifiers: alt | numLock),
                          "Num Lock must not stop a shortcut")
            try await waitUntil("Alt+Right went forward") { controller.webView.uri == second.absoluteString }
            try await waitUntil("idle") { !controller.webView.isLoading }

            XCTAssertFalse(keys.handle(keyval: UInt32(GDK_KEY_Escape), modifiers: 0), "Escape belongs to the page when idle")
            XCTAssertFalse(keys.handle(keyval: UInt32(GDK_KEY_Left), modifiers: 0), "plain Left belongs to the page")

            for (keyval, modifiers) in [(GDK_KEY_F5, 0), (GDK_KEY_r, control), (GDK_KEY_R, control | GDK_LOCK_MASK.rawValue)] {
                var started = false
                let observation = controller.webView.observe { if case .load(.started) = $0 { started = true } }
                XCTAssertTrue(keys.handle(keyval: UInt32(keyval), modifiers: UInt32(modifiers)))
                try await waitUntil("reload by key \(keyval)") { started && !controller.webView.isLoading }
                observation.cancel()
            }

            let slowPage = try XCTUnwrap(AppResources.locate()).url(for: "slow.html")
            var committed = false
            let commits = controller.webView.observe { if case .load(.committed) = $0 { committed = true } }
            controller.load(uri: slowPage.absoluteString)
            // Mid-chain: with WebKitGTK 2.50 a stop landing just as this page commits can leave is-loading true for good.
            try await waitUntil("slow page under way") { committed && controller.webView.estimatedProgress > 0.55 }
            commits.cancel()
            XCTAssertTrue(controller.webView.isLoading)
            XCTAssertTrue(keys.handle(keyval: UInt32(GDK_KEY_Escape), modifiers: 0))
            let stoppedAt = Date()
            try await waitUntil("Escape stopped the load") { !controller.webView.isLoading }
            XCTAssertLessThan(Date().timeIntervalSince(stoppedAt), 1.0, "the load ran on instead of stopping")
            let tiles = try await controller.webView.evaluateJavaScript("document.querySelectorAll('#tiles img').length", as: Int.self)
            XCTAssertLessThan(tiles, 40, "all steps loaded: Escape did not stop anything")

            let closing = CloseWatch(controller)
            XCTAssertTrue(keys.handle(keyval: UInt32(GDK_KEY_w), modifiers: control))
            try await waitUntil("Ctrl+W closed the window") { closing.closed }
            closing.cancel()
        }
    }

    func testPageCanCloseItsWindowEvenWithHistory() {
        let files = TestDirectory()
        let (first, second) = Self.writeTwoPages(in: files, secondScript: "setTimeout(() => window.close(), 50)")
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            let closing = CloseWatch(controller)
            controller.show()
            try await open(first.absoluteString, in: controller)
            controller.load(uri: second.absoluteString)
            try await waitUntil("window.close() closed the window") { closing.closed }
            closing.cancel()
        }
    }

    func testIframeCannotCloseTheAppWindow() {
        let files = TestDirectory()
        files.write("frame.html", "<script>window.close(); parent.postMessage('tried', '*')</script>")
        let page = files.write("page.html", """
            <title>host</title>
            <script>addEventListener("message", () => { window.frameTried = true; });</script>
            <iframe src="frame.html"></iframe>
            """)
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            let closing = CloseWatch(controller)
            controller.show()
            try await open(page.absoluteString, in: controller)
            var tried = false
            try await waitUntil("the frame tried") {
                Task { tried = try await controller.webView.evaluateJavaScript("window.frameTried === true") == .bool(true) }
                return tried
            }
            try await Task.sleep(nanoseconds: 200_000_000)
            XCTAssertFalse(closing.closed, "an iframe closed the app's window")
            closing.cancel()
            controller.close()
        }
    }

    func testFailedLoadShowsErrorPageWithRetryInTheWindow() {
        let files = TestDirectory()
        let missing = files.url.appendingPathComponent("later.html")
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            controller.load(uri: missing.absoluteString)
            try await waitUntil("error page") { controller.window.title == "File not found" }
            files.write("later.html", "<title>now here</title>")
            _ = try await controller.webView.evaluateJavaScript("document.getElementById('retry').click()")
            try await waitUntil("Retry loaded the page") { controller.window.title == "now here" }
            controller.close()
        }
    }

    func testDroppedControllerLeavesNoConnectionBehind() {
        gtkTest {
            // The process's first window connects what lives as long as the process (run alone,
            // the count ended 3 above a baseline taken before any window, on GTK 3 and GTK 4):
            // one shown and closed before the count, whatever ran before.
            let first = makeWindow(width: 640, height: 480)
            first.show()
            try await open("about:blank", in: first)
            first.close()
            drainPendingEvents()
            let baseline = SignalConnection.liveClosureCount
            weak var weakController: AppWindow?
            weak var weakView: WebView?
            var button: UnsafeMutableRawPointer?
            do {
                let controller = makeWindow(width: 640, height: 480)
                controller.show()
                button = UnsafeMutableRawPointer(controller.backButton.widget)
                g_object_ref(button)
                XCTAssertGreaterThan(SignalConnection.liveClosureCount, baseline)
                try await open("about:blank", in: controller)
                weakController = controller
                weakView = controller.webView
                controller.close()
            }
            // Page script still in flight when the window closed (the bridge announcing its
            // handlers) holds the view until WebKit answers it: released soon, not leaked.
            try? await waitUntil(timeout: 5, "controller and view released") { weakController == nil && weakView == nil }
            drainPendingEvents()
            XCTAssertNil(weakController, "the controller outlived its window")
            XCTAssertNil(weakView, "the web view outlived its controller")
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
            let clicked = g_signal_lookup("clicked", gtk_button_get_type())
            XCTAssertEqual(g_signal_has_handler_pending(button, clicked, 0, 0), 0)
            g_object_unref(button)
        }
    }
}

/// Loads `uri` in a controller's window and waits for the load to finish.
@MainActor
func open(_ uri: String, in controller: AppWindow) async throws {
    try await controller.webView.waitForLoad("load of \(uri) finished") { controller.load(uri: uri) }
}
