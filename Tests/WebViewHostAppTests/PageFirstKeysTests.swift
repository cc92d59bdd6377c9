import Foundation
import TestHelpers
import WebKitGTK
@testable import WebAppWindow
@testable import WebViewHostApp
import XCTest

/// The page first: a key press goes to the page before the window's shortcuts, which run only
/// when the page did not `preventDefault()` it — except the reserved ones (Ctrl+Q, Ctrl+W,
/// and those an app reserves). Real key presses (xdotool) under Xvfb, into the page itself and
/// into a frame of another origin.
final class PageFirstKeysTests: GTKTestCase {
    /// A page script recording each keydown (`window.keys`) and keeping the keys listed in
    /// `kept` with `preventDefault()`; a full-window element takes the click that focuses it.
    private static func keyScript(kept: [String]) -> String {
        let list = kept.map { "'\($0)'" }.joined(separator: ",")
        return """
            <div style="position:fixed;inset:0"></div>
            <script>
            window.keys = [];
            addEventListener('keydown', (event) => {
              const name = (event.ctrlKey ? 'ctrl+' : '') + event.key.toLowerCase();
              window.keys.push(name);
              if (top !== self) parent.postMessage(name, '*');
              if ([\(list)].includes(name)) event.preventDefault();
            });
            if (top === self) addEventListener('message', (event) => window.keys.push('frame:' + event.data));
            </script>
            """
    }

    /// Presses `keys` (xdotool syntax) in the window titled `title`, off the main actor so the
    /// loop keeps running.
    private static func press(_ keys: String, inWindowTitled title: String) async throws {
        try await Task.detached {
            let window = try XCTUnwrap(try X11Windows.waitFor(title), "no window titled \(title)")
            try X11Windows.press(keys, in: window)
        }.value
    }

    @MainActor
    private static func keys(of controller: AppWindow) async throws -> [String] {
        try await controller.webView.evaluateJavaScript("window.keys", as: [String].self)
    }

    /// Opens `html` (a file page titled `title`) and clicks into it so it has the focus.
    @MainActor
    private static func openFocused(_ html: String, title: String, files: TestDirectory) async throws -> AppWindow {
        let page = files.write("\(title).html", "<title>\(title)</title>" + html)
        let controller = makeWindow(width: 640, height: 480)
        controller.show()
        try await open(page.absoluteString, in: controller)
        try await clickIntoWindow()
        return controller
    }

    func testAPageThatKeepsCtrlFGetsItAndTheFindBarStaysClosed() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let controller = try await Self.openFocused(Self.keyScript(kept: ["ctrl+f"]), title: "keeps-find", files: files)
            defer { controller.close() }
            try await Self.press("ctrl+f", inWindowTitled: "keeps-find")
            try await eventually(timeout: 20, "the page got Ctrl+F") { try await Self.keys(of: controller).contains("ctrl+f") }
            // The page answered; an unhandled key comes back within a turn or two.
            try await Task.sleep(nanoseconds: 1_000_000_000)
            XCTAssertFalse(controller.findBar.isRevealed, "the find bar took a key the page kept")
        }
    }

    func testAPageThatLetsCtrlFGoGetsItAndTheFindBarOpens() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let controller = try await Self.openFocused(Self.keyScript(kept: []), title: "lets-find", files: files)
            defer { controller.close() }
            try await Self.press("ctrl+f", inWindowTitled: "lets-find")
            try await waitUntil(timeout: 20, "the find bar opened") { controller.findBar.isRevealed }
            let keys = try await Self.keys(of: controller)
            XCTAssertTrue(keys.contains("ctrl+f"), "the page never saw the key: \(keys)")
        }
    }

    func testCtrlQReachesTheAppWhateverThePageDoes() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let controller = try await Self.openFocused(Self.keyScript(kept: ["ctrl+q", "ctrl+w"]), title: "keeps-quit", files: files)
            var closed = false
            let observation = controller.onClosed { closed = true }
            defer { observation.cancel() }
            try await Self.press("ctrl+q", inWindowTitled: "keeps-quit")
            try await waitUntil(timeout: 20, "Ctrl+Q closed the window") { closed }
        }
    }

    func testAnAppReservesAShortcutThePageCannotKeep() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let controller = try await Self.openFocused(Self.keyScript(kept: ["ctrl+f"]), title: "reserved-find", files: files)
            defer { controller.close() }
            controller.shortcuts.reserve(KeyboardShortcuts.find.accelerators)
            XCTAssertEqual(controller.shortcuts.listed.first { $0.title == KeyboardShortcuts.find.title }?.isReserved, true)
            try await Self.press("ctrl+f", inWindowTitled: "reserved-find")
            try await waitUntil(timeout: 20, "the reserved Ctrl+F opened the find bar") { controller.findBar.isRevealed }
            let keys = try await Self.keys(of: controller)
            XCTAssertFalse(keys.contains("ctrl+f"), "the page saw a reserved key: \(keys)")
        }
    }

    /// Hostile: a frame of another origin covering the window keeps Ctrl+F as the page may,
    /// and cannot keep Ctrl+Q.
    func testAFrameOfAnotherOriginIsTreatedLikeThePage() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let server = try LoopbackServer()
            server.page("/frame.html", Self.keyScript(kept: ["ctrl+f", "ctrl+q"]))
            let frame = "<iframe src=\"\(server.url("/frame.html"))\" style=\"position:fixed;inset:0;width:100%;height:100%;border:0\"></iframe>"
            let controller = try await Self.openFocused(Self.keyScript(kept: []) + frame, title: "framed", files: files)
            try await waitUntil(timeout: 20, "the frame loaded") { !controller.webView.isLoading }
            try await clickIntoWindow()
            try await Self.press("ctrl+f", inWindowTitled: "framed")
            try await eventually(timeout: 20, "the frame got Ctrl+F") { try await Self.keys(of: controller).contains("frame:ctrl+f") }
            try await Task.sleep(nanoseconds: 1_000_000_000)
            XCTAssertFalse(controller.findBar.isRevealed, "the find bar took a key the frame kept")

            var closed = false
            let observation = controller.onClosed { closed = true }
            defer { observation.cancel() }
            try await Self.press("ctrl+q", inWindowTitled: "framed")
            try await waitUntil(timeout: 20, "Ctrl+Q closed the window from the frame") { closed }
        }
    }
}
