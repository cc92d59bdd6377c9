import Foundation
import CWebKitGTKHelpers
import TestHelpers
import WebKitGTK
import WebAppWindow
import WebViewHostApp
import XCTest

/// Every way of closing a window lets the page's `beforeunload` handler ask first: the
/// title bar's ×, Ctrl+W and Ctrl+Q, with a real GTK dialog the user answers.
final class ClosingTests: GTKTestCase {
    /// A page holding unsaved work: it asks before it goes, once the user has clicked into it.
    private static let guardedPage = """
        <title>unsaved</title>
        <style>html, body { height: 100%; margin: 0; }</style>
        <script>
          addEventListener("mousedown", () => { document.title = "unsaved, touched"; });
          addEventListener("beforeunload", (e) => { e.preventDefault(); e.returnValue = ""; });
        </script>
        """

    /// Opens the guarded page in a window and clicks into it.
    @MainActor
    private static func guardedWindow(_ files: TestDirectory) async throws -> AppWindow {
        let page = files.write("unsaved.html", Self.guardedPage)
        let controller = makeWindow(width: 640, height: 480)
        controller.show()
        try await open(page.absoluteString, in: controller)
        try await clickIntoWindow()
        try await waitUntil("the page saw the click") { controller.window.title == "unsaved, touched" }
        return controller
    }

    /// Closes with `close`, answers Stay (the window stays), then closes again and answers Leave.
    @MainActor
    static func expectAskedTwice(_ controller: AppWindow, closing close: @MainActor () -> Void) async throws {
        var closed = false
        let closing = controller.onClosed { closed = true }
        defer { closing.cancel() }
        close()
        try await waitUntil("the page was asked") { controller.dialogPresenter.visibleDialog != nil }
        XCTAssertEqual(controller.dialogPresenter.visibleDialog?.heading, "Leave this page?")
        XCTAssertFalse(closed, "the window closed before the user answered")
        controller.dialogPresenter.visibleDialog?.respond(.cancel)
        try await waitUntil("the dialog went") { controller.dialogPresenter.visibleDialog == nil }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertFalse(closed, "the window closed although the user chose to stay")
        close()
        try await waitUntil("asked again") { controller.dialogPresenter.visibleDialog != nil }
        controller.dialogPresenter.visibleDialog?.respond(.ok)
        try await waitUntil("the window closed after Leave") { closed }
    }

    func testTheCloseButtonAsksThePageFirst() {
        let files = TestDirectory()
        gtkTest {
            let controller = try await Self.guardedWindow(files)
            try await Self.expectAskedTwice(controller) { pressCloseButton(of: controller.window) }
        }
    }

    /// Control with `key` closes the guarded window as the × does: asking the page first.
    private func expectControlKeyAsksThePageFirst(_ key: Int32) {
        let files = TestDirectory()
        gtkTest {
            let controller = try await Self.guardedWindow(files)
            try await Self.expectAskedTwice(controller) {
                XCTAssertTrue(controller.shortcuts.handle(keyval: UInt32(key), modifiers: GDK_CONTROL_MASK.rawValue))
            }
        }
    }

    func testCtrlQAsksThePageFirst() {
        expectControlKeyAsksThePageFirst(GDK_KEY_q)
    }

    func testCtrlWAsksThePageFirst() {
        expectControlKeyAsksThePageFirst(GDK_KEY_w)
    }

    /// WebKit waits only 50 ms after the question for the page to confirm it stays, then
    /// closes the page anyway: a web process slowed by a busy machine must not cost the user
    /// the window they chose to keep.
    func testStayingKeepsTheWindowWhenThePageAnswersLate() {
        let files = TestDirectory()
        gtkTest {
            let controller = try await Self.guardedWindow(files)
            var closed = false
            let closing = controller.onClosed { closed = true }
            defer { closing.cancel() }
            controller.requestClose()
            try await waitUntil("the page was asked") { controller.dialogPresenter.visibleDialog != nil }
            let webProcesses = WebProcesses.children()
            XCTAssertFalse(webProcesses.isEmpty, "no web process found")
            for pid in webProcesses { kill(pid, SIGSTOP) }
            controller.dialogPresenter.visibleDialog?.respond(.cancel)
            try await Task.sleep(nanoseconds: 500_000_000)
            for pid in webProcesses { kill(pid, SIGCONT) }
            try await Task.sleep(nanoseconds: 500_000_000)
            XCTAssertFalse(closed, "the window closed although the user chose to stay")
            // The next request still asks, and Leave closes.
            controller.requestClose()
            try await waitUntil("asked again") { controller.dialogPresenter.visibleDialog != nil }
            controller.dialogPresenter.visibleDialog?.respond(.ok)
            try await waitUntil("the window closed after Leave") { closed }
        }
    }

    /// The page's own `window.close()` (a trusted page, through the bridge) closes its window as
    /// a browser does: after its `beforeunload` handler asked. (It closed the window at once.)
    func testWindowCloseFromThePageAsksThePageFirst() {
        let files = TestDirectory()
        gtkTest {
            let controller = try await Self.guardedWindow(files)
            try await Self.expectAskedTwice(controller) {
                Task { @MainActor in _ = try? await controller.webView.evaluateJavaScript("window.close(); null") }
            }
        }
    }

    func testAPageWithoutAHandlerClosesOnTheCloseButtonWithoutAQuestion() {
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            try await open("about:blank", in: controller)
            var closed = false
            let closing = controller.onClosed { closed = true }
            pressCloseButton(of: controller.window)
            try await waitUntil("closed") { closed }
            XCTAssertNil(controller.dialogPresenter.visibleDialog)
            closing.cancel()
        }
    }
}
