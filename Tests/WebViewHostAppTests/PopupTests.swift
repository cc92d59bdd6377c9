import Foundation
import TestHelpers
import WebKitGTK
@testable import WebAppWindow
@testable import WebViewHostApp
import XCTest

/// Popups that work: `window.open` of a page the window may show returns a real window
/// proxy — a related view in a new app window — so `opener`, `postMessage` both ways,
/// `w.close()` and `w.closed` behave as in GNOME Web; the popup gets the bridge exactly when
/// its own page is trusted. On `file:` and `app:` pages, opened by a real click (a gesture).
final class PopupTests: GTKTestCase {
    /// Writes the opener (`name`, a full-window button opening `target` and recording
    /// messages) and the popup page (`popup.html`) into `directory` of `files`. Scripts live in
    /// files of their own, as `app:`'s Content-Security-Policy wants.
    @discardableResult
    private static func writePages(_ files: TestDirectory, in directory: String, opener name: String = "opener.html",
                                   target: String = "popup.html") -> URL {
        _ = files.write("\(directory)opener.js", """
            window.messages = [];
            addEventListener('message', (event) => { if (typeof event.data === 'string') window.messages.push(event.data); });
            document.getElementById('open').addEventListener('click', () => {
              window.popup = window.open(\(String(reflecting: target)));
              window.gotProxy = window.popup !== null;
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
            XCTAssertEqual(bridge, "object", "the trusted popup has no bridge")
            try await Self.closeFromTheOpener(popup, of: controller)
        }
    }

    /// Opens `opener.html` of an `app:` scheme over `files` in a new window and its popup
    /// (`popup.html`, trusted as the opener is) with a click; calls `body` with both.
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
        XCTAssertEqual(bridge, "object", "the trusted popup has no bridge")
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

    /// A trusted popup's `window.close()` (through its own bridge) closes the popup's window
    /// only, never its opener's.
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
