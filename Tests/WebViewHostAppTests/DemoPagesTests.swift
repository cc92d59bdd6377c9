import CWebKitGTKHelpers
import TestHelpers
import WebKitGTK
import WebAppWindow
import WebViewHostApp
import XCTest

/// Answers every dialog at once with the next scripted answer.
@MainActor
private final class AnsweringPresenter: ScriptDialogPresenter {
    var answers: [ScriptDialogAnswer]
    init(_ answers: [ScriptDialogAnswer]) { self.answers = answers }
    func present(_ request: ScriptDialogRequest) async -> ScriptDialogAnswer {
        answers.isEmpty ? .declined : answers.removeFirst()
    }
}

/// A window whose view shows the demo pages from `app://`, as the app's windows do.
@MainActor
private func demoWindow() throws -> (AppWindow, AppScheme) {
    let resources = try XCTUnwrap(AppResources.locate())
    let context = WebContext.ephemeral()
    var scheme = try AppScheme(directory: resources.directory.path)
    try scheme.serveMediaFromLoopback()
    context.register(scheme)
    let controller = makeWindow(webView: WebView(context: context), width: 640, height: 480)
    controller.show()
    return (controller, scheme)
}

@MainActor
private func click(_ id: String, in controller: AppWindow) async throws {
    _ = try await controller.webView.evaluateJavaScript("document.getElementById('\(id)').click()")
}

/// Every demo page works as the app serves it: from `app://localhost/`, whose
/// Content-Security-Policy runs only the pages' own script files.
final class DemoPagesTests: GTKTestCase {
    func testStartPageIsServedUnderTheSchemePolicyAndCanCloseItsWindow() {
        gtkTest {
            let (controller, scheme) = try demoWindow()
            try await open(scheme.uri(for: "index.html"), in: controller)
            try await waitUntil("title") { controller.window.title == "WebViewHost demos" }
            // The policy comes in the response's header (nothing is written into the page) and is enforced.
            let evaluated = try await controller.webView.evaluateJavaScript(
                "(() => { try { eval('1'); return 'ran'; } catch (e) { return e.name; } })()", as: String.self)
            XCTAssertEqual(evaluated, "EvalError")
            var closed = false
            let closing = controller.onClosed { closed = true }
            // Clicked after this script returns: the window may be gone before a reply could come back.
            _ = try await controller.webView.evaluateJavaScript(
                "setTimeout(() => document.getElementById('close-window').click(), 0); null")
            try await waitUntil("the page's link closed the window") { closed }
            closing.cancel()
        }
    }

    func testTheMissingPageDemoShowsTheErrorPageWithRetry() {
        gtkTest {
            let (controller, scheme) = try demoWindow()
            try await open(scheme.uri(for: "index.html"), in: controller)
            _ = try await controller.webView.evaluateJavaScript("document.querySelector('a[href=\"missing.html\"]').click()")
            try await waitUntil("error page") { controller.window.title == "File not found" }
            let missing = scheme.uri(for: "missing.html")
            XCTAssertEqual(controller.webView.uri, missing)
            let message = try await controller.webView.evaluateJavaScript("document.getElementById('error-message').textContent")
            XCTAssertEqual(message, .string("There is no page at \(missing)."))
            let retry = try await controller.webView.evaluateJavaScript("document.getElementById('retry').href")
            XCTAssertEqual(retry, .string(missing))
            // A page's own request for a missing file still gets a 404, not a failed fetch.
            _ = try await controller.webView.evaluateJavaScript("history.back()")
            try await waitUntil("back on the start page") { controller.window.title == "WebViewHost demos" }
            let status = try await controller.webView.callAsyncJavaScript(
                "return (await fetch('missing.css')).status", as: Int.self)
            XCTAssertEqual(status, 404)
            controller.close()
        }
    }

    func testHistoryPagesLinkToEachOther() {
        gtkTest {
            let (controller, scheme) = try demoWindow()
            try await open(scheme.uri(for: "history/one.html"), in: controller)
            for (title, path) in [("History: page two", "history/two.html"), ("History: page three", "history/three.html")] {
                try await click("next", in: controller)
                try await waitUntil(title) { controller.window.title == title && !controller.webView.isLoading }
                XCTAssertEqual(controller.webView.uri, scheme.uri(for: path))
            }
            controller.webView.goBack()
            try await waitUntil("back") { controller.window.title == "History: page two" }
            controller.close()
        }
    }

    func testDialogButtonsShowTheAnswersOnThePage() {
        gtkTest {
            let (controller, scheme) = try demoWindow()
            controller.webView.scriptDialogPresenter = AnsweringPresenter([.accepted, .accepted, .accepted(text: "Grace")])
            try await open(scheme.uri(for: "dialogs.html"), in: controller)
            let results = [("alert", "undefined"), ("confirm", "true"), ("prompt", "\"Grace\"")]
            for (button, expected) in results {
                try await click(button, in: controller)
                // The click returns once the page's handler (and its dialog) has run.
                let shown = try await controller.webView.evaluateJavaScript(
                    "document.getElementById('\(button)-result').textContent", as: String.self)
                XCTAssertEqual(shown, expected, button)
            }
            controller.close()
        }
    }

    func testMediaPagePlaysAndSeeksItsClip() {
        gtkTest(timeout: 60) {
            let (controller, scheme) = try demoWindow()
            try await open(scheme.uri(for: "media.html"), in: controller)
            let view = controller.webView
            let server = try XCTUnwrap(scheme.mediaServer)
            try await click("play", in: controller)
            try await eventually(timeout: 20, "the clip plays") {
                try await view.evaluateJavaScript("document.getElementById('clip').currentTime > 0.3") == .bool(true)
            }
            _ = try await view.evaluateJavaScript("document.getElementById('clip').pause()")
            try await click("seek", in: controller)
            try await eventually(timeout: 20, "the seek lands") {
                try await view.evaluateJavaScript("document.getElementById('status').textContent.startsWith('Paused at 2.0')") == .bool(true)
            }
            let source = try await view.evaluateJavaScript("document.getElementById('source').textContent", as: String.self)
            XCTAssertEqual(source, server.baseURI + "clip.webm")
            controller.close()
        }
    }

    func testSlowPageLoadsAllItsSteps() {
        gtkTest {
            let (controller, scheme) = try demoWindow()
            try await open(scheme.uri(for: "slow.html"), in: controller)
            let status = try await controller.webView.evaluateJavaScript("document.getElementById('status').textContent")
            XCTAssertEqual(status, "Loaded 40 tiles.")
            controller.close()
        }
    }
}
