import CWebKitGTKHelpers
import Foundation
import GLibCore
import GtkWidgets
import ScriptMessaging
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// A way out of every dialog loop: while a page's `alert` is up, Ctrl+Q (pressed in the
/// dialog, real keys through xdotool), Ctrl+W in the window and the window's × still close
/// the window; and from a page's third dialog on the dialog offers "Don't let this page show
/// more dialogs", after which the page's dialogs answer at once until it loads again.
final class DialogLoopTests: GTKTestCase {
    /// A page that shows alert after alert once it has loaded; `window.shown` counts them.
    private static let loopingPage = """
        <title>looping</title>
        <script>
          window.shown = 0;
          addEventListener('load', () => setTimeout(() => { for (;;) { alert('again ' + (++window.shown)); } }, 50));
        </script>
        """

    /// The looping page in a window, its first alert on screen.
    @MainActor
    private static func loopingWindow(_ files: TestDirectory) async throws -> AppWindow {
        let page = files.write("looping.html", loopingPage)
        let controller = makeWindow(width: 640, height: 480)
        controller.show()
        try await open(page.absoluteString, in: controller)
        try await waitUntil(timeout: 20, "the first alert") { controller.dialogPresenter.visibleDialog != nil }
        return controller
    }

    /// Presses `keys` (xdotool syntax) in the X window titled `title`, off the main actor.
    private static func press(_ keys: String, inWindowTitled title: String) async throws {
        try await Task.detached {
            let window = try XCTUnwrap(try X11Windows.waitFor(title), "no window titled \(title)")
            try X11Windows.press(keys, in: window)
        }.value
    }

    /// The dialog's "Don't let this page show more dialogs" box, found in its widgets as GTK
    /// holds them.
    @MainActor
    private static func stopBox(in dialog: MessageDialog) -> UnsafeMutablePointer<GtkWidget>? {
        func find(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
            if WidgetTree.isA(widget, gtk_check_button_get_type()) { return widget }
            return WidgetTree.children(of: widget).lazy.compactMap(find).first
        }
        return find(dialog.widget)
    }

    /// Ticks the box as a click does (GTK 4's check button is no toggle button).
    @MainActor
    private static func tick(_ box: UnsafeMutablePointer<GtkWidget>) {
        #if GTK4
        gtk_check_button_set_active(gcast(box), 1)
        #else
        gtk_toggle_button_set_active(gcast(box), 1)
        #endif
    }

    func testCtrlQPressedInTheDialogOfAnAlertLoopClosesTheWindow() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            let controller = try await Self.loopingWindow(files)
            defer { controller.close() }
            let watch = CloseWatch(controller)
            let title = try XCTUnwrap(controller.dialogPresenter.visibleDialog?.title)
            try await Self.press("ctrl+q", inWindowTitled: title)
            try await waitUntil(timeout: 20, "the window closed") { watch.closed }
            XCTAssertNil(toplevel(titled: title), "the page's dialog stayed on screen")
        }
    }

    func testCtrlWPressedInTheWindowOfAnAlertLoopClosesIt() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            let controller = try await Self.loopingWindow(files)
            defer { controller.close() }
            let watch = CloseWatch(controller)
            try await Self.press("ctrl+w", inWindowTitled: controller.window.title)
            try await waitUntil(timeout: 20, "the window closed") { watch.closed }
        }
    }

    func testTheWindowsCloseButtonClosesAnAlertLoop() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            let controller = try await Self.loopingWindow(files)
            defer { controller.close() }
            let watch = CloseWatch(controller)
            pressCloseButton(of: controller.window)
            try await waitUntil(timeout: 20, "the window closed") { watch.closed }
        }
    }

    /// A page that asks once and stops is not closed behind its back: closing answers its
    /// dialog (Cancel), then its `beforeunload` handler still asks, and Stay keeps it.
    func testClosingDuringASingleDialogAnswersItAndStillAsksThePageBeforeItGoes() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            let page = files.write("asks-once.html", """
                <title>asks once</title>
                <style>html, body { height: 100%; margin: 0; }</style>
                <script>
                  window.log = [];
                  addEventListener("mousedown", () => { setTimeout(() => { window.log.push("confirm " + confirm("sure?")); }, 50); });
                  addEventListener("beforeunload", (e) => { window.log.push("beforeunload"); e.preventDefault(); e.returnValue = ""; });
                </script>
                """)
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            defer { controller.close() }
            try await open(page.absoluteString, in: controller)
            let watch = CloseWatch(controller)
            try await clickIntoWindow()
            try await waitUntil(timeout: 20, "the confirm") { controller.dialogPresenter.visibleDialog?.message == "sure?" }
            pressCloseButton(of: controller.window)
            try await waitUntil(timeout: 20, "the page was asked") {
                controller.dialogPresenter.visibleDialog?.heading == "Leave this page?"
            }
            controller.dialogPresenter.visibleDialog?.respond(.cancel)
            try await waitUntil(timeout: 20, "the question went") { controller.dialogPresenter.visibleDialog == nil }
            let log = try await controller.webView.evaluateJavaScript("window.log", as: [String].self)
            XCTAssertEqual(log, ["confirm false", "beforeunload"])
            XCTAssertFalse(watch.closed, "the window closed although the user chose to stay")
            pressCloseButton(of: controller.window)
            try await waitUntil(timeout: 20, "asked again") { controller.dialogPresenter.visibleDialog?.heading == "Leave this page?" }
            controller.dialogPresenter.visibleDialog?.respond(.ok)
            try await waitUntil(timeout: 20, "the window closed after Leave") { watch.closed }
        }
    }

    func testFromThePagesThirdDialogTheUserMayStopItsDialogsUntilItLoadsAgain() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            let page = files.write("asks.html", "<title>asks</title>")
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            defer { controller.close() }
            try await open(page.absoluteString, in: controller)
            let presenter = controller.dialogPresenter
            var offers: [Bool] = []
            /// Runs `script`, waits for its dialog, notes whether it offers to stop, answers OK
            /// (ticking the box when `stopping`), and returns what the page got.
            @MainActor func answer(_ script: String, stopping: Bool = false) async throws -> JSONValue? {
                let run = Task { try await controller.webView.evaluateJavaScript(script) }
                try await waitUntil(timeout: 20, "the dialog of \(script)") { presenter.visibleDialog != nil }
                let dialog = try XCTUnwrap(presenter.visibleDialog)
                let box = Self.stopBox(in: dialog)
                offers.append(box != nil)
                if stopping, let box { Self.tick(box) }
                dialog.respond(.ok)
                return try await run.value
            }
            _ = try await answer("alert('one')")
            let two = try await answer("confirm('two?')")
            XCTAssertEqual(two, .bool(true))
            let three = try await answer("prompt('three?', 'kept')", stopping: true)
            XCTAssertEqual(three, .string("kept"))
            XCTAssertEqual(offers, [false, false, true], "only the third dialog in a row offers to stop them")

            // Stopped: every kind answers at once, as declined, and nothing is shown.
            let quiet = try await controller.webView.evaluateJavaScript("[alert('x'), confirm('y?'), prompt('z?', 'd')]")
            XCTAssertEqual(quiet, [nil, false, nil])
            XCTAssertNil(presenter.visibleDialog)

            // Loaded again, the page may ask again, and counts from one.
            try await open(page.absoluteString, in: controller)
            let again = try await answer("confirm('again?')")
            XCTAssertEqual(again, .bool(true))
            XCTAssertEqual(offers.last, false)
        }
    }

    /// Stopped, a looping page spins without dialogs; the × still closes its window.
    func testAStoppedAlertLoopStillClosesWithTheWindowsCloseButton() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            let controller = try await Self.loopingWindow(files)
            defer { controller.close() }
            let watch = CloseWatch(controller)
            for _ in 1...2 {
                let dialog = try XCTUnwrap(controller.dialogPresenter.visibleDialog)
                XCTAssertNil(Self.stopBox(in: dialog))
                dialog.respond(.ok)
                try await waitUntil(timeout: 20, "the next alert") {
                    controller.dialogPresenter.visibleDialog.map { $0 !== dialog } ?? false
                }
            }
            let third = try XCTUnwrap(controller.dialogPresenter.visibleDialog)
            let box = try XCTUnwrap(Self.stopBox(in: third), "the third alert offers no way to stop them")
            Self.tick(box)
            third.respond(.ok)
            try await Task.sleep(nanoseconds: 500_000_000)
            XCTAssertNil(controller.dialogPresenter.visibleDialog, "the page still shows dialogs")
            pressCloseButton(of: controller.window)
            try await waitUntil(timeout: 20, "the window closed") { watch.closed }
        }
    }
}
