import ScriptMessaging
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// Answers dialogs from a script, a little later, as a user would.
@MainActor
final class ScriptedPresenter: ScriptDialogPresenter {
    var answers: [ScriptDialogAnswer]
    private(set) var requests: [ScriptDialogRequest] = []

    init(answers: [ScriptDialogAnswer]) {
        self.answers = answers
    }

    func present(_ request: ScriptDialogRequest) async -> ScriptDialogAnswer {
        requests.append(request)
        try? await Task.sleep(nanoseconds: 20_000_000)
        return answers.isEmpty ? .declined : answers.removeFirst()
    }
}

final class ScriptDialogTests: GTKTestCase {
    func testScriptedAnswersReachThePage() {
        gtkTest {
            let presenter = ScriptedPresenter(answers: [
                .accepted, .accepted, .declined, .accepted(text: "Ada Lovelace"), .declined, .accepted,
            ])
            let host = TestWindow()
            host.view.scriptDialogPresenter = presenter
            try await host.loadHTML("<title>dialogs</title>", baseURI: "http://127.0.0.1:8123/page.html")
            let results = try await host.view.evaluateJavaScript("""
                [alert("hello"), confirm("yes?"), confirm("no?"), prompt("name?", "Ada"), prompt("again?", "x"),
                 prompt("default?", "kept")]
                """)
            XCTAssertEqual(results, [nil, true, false, "Ada Lovelace", nil, "kept"])
            XCTAssertEqual(presenter.requests.map(\.kind), [.alert, .confirm, .confirm, .prompt, .prompt, .prompt])
            XCTAssertEqual(presenter.requests.map(\.message), ["hello", "yes?", "no?", "name?", "again?", "default?"])
            XCTAssertEqual(presenter.requests[3].defaultText, "Ada")
            XCTAssertNil(presenter.requests[1].defaultText)
            XCTAssertEqual(presenter.requests[0].pageURI, "http://127.0.0.1:8123/page.html")
            XCTAssertEqual(presenter.requests[0].origin, "http://127.0.0.1:8123")
            host.close()
        }
    }

    func testThePageWaitsWhileTheLoopKeepsRunning() {
        gtkTest {
            let presenter = ScriptedPresenter(answers: [.accepted])
            let host = TestWindow()
            host.view.scriptDialogPresenter = presenter
            try await host.loadHTML("<title>wait</title>")
            var ticks = 0
            let ticker = Task { @MainActor in
                while !Task.isCancelled { ticks += 1; try? await Task.sleep(nanoseconds: 2_000_000) }
            }
            let started = Date()
            let answer = try await host.view.evaluateJavaScript("const t = Date.now(); [confirm('sure?'), Date.now() - t]")
            ticker.cancel()
            guard case .array(let parts) = answer, parts.count == 2, case .number(let blocked) = parts[1] else {
                return XCTFail("unexpected \(String(describing: answer))")
            }
            XCTAssertEqual(parts[0], true)
            XCTAssertGreaterThanOrEqual(blocked, 15, "the page's script did not wait for the answer")
            XCTAssertGreaterThan(ticks, 2, "the main actor did not run while the page waited")
            XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.015)
            host.close()
        }
    }

    func testBeforeUnloadConfirmationCanKeepThePage() {
        gtkTest {
            let presenter = ScriptedPresenter(answers: [.declined, .accepted])
            let host = TestWindow()
            host.view.scriptDialogPresenter = presenter
            var closeRequests = 0
            let observation = host.view.observe { if case .closeRequested = $0 { closeRequests += 1 } }
            try await host.loadHTML("""
                <title>guarded</title>
                <style>html, body { height: 100%; margin: 0; }</style>
                <script>
                  addEventListener("mousedown", () => { window.clicked = true; });
                  addEventListener("beforeunload", (e) => { e.preventDefault(); e.returnValue = ""; });
                </script>
                """)
            // WebKit asks only on pages the user has interacted with.
            try await clickIntoPage(of: host)
            host.view.tryClose()
            try await waitUntil("beforeunload asked") { presenter.requests.count == 1 }
            XCTAssertEqual(presenter.requests[0].kind, .beforeUnloadConfirm)
            try await Task.sleep(nanoseconds: 200_000_000)
            XCTAssertEqual(closeRequests, 0, "the page was closed although the user chose to stay")
            host.view.tryClose()
            try await waitUntil("close requested after leaving") { closeRequests == 1 }
            observation.cancel()
            host.close()
        }
    }

    func testRealGTKDialogAnsweredByItsResponse() {
        gtkTest {
            let host = TestWindow()
            let presenter = GTKScriptDialogPresenter(parent: host.window)
            host.view.scriptDialogPresenter = presenter
            try await host.loadHTML("<title>real</title>", baseURI: "http://127.0.0.1:8124/asks.html")

            let prompted = Task { try await host.view.evaluateJavaScript("prompt('Your name?', 'Grace')") }
            try await waitUntil("prompt dialog shown") { presenter.visibleDialog != nil }
            let dialog = try XCTUnwrap(presenter.visibleDialog)
            XCTAssertTrue(dialog.isVisible)
            XCTAssertEqual(dialog.title, "http://127.0.0.1:8124")
            XCTAssertTrue(dialog.heading.contains("http://127.0.0.1:8124"), dialog.heading)
            XCTAssertEqual(dialog.message, "Your name?")
            XCTAssertEqual(dialog.entry?.text, "Grace")
            dialog.entry?.text = "Grace Hopper"
            dialog.respond(.ok)
            let promptResult = try await prompted.value
            XCTAssertEqual(promptResult, .string("Grace Hopper"))

            let confirmed = Task { try await host.view.evaluateJavaScript("confirm('Delete?')") }
            try await waitUntil("confirm dialog shown") { presenter.visibleDialog != nil }
            presenter.visibleDialog?.respond(.cancel)
            let confirmResult = try await confirmed.value
            XCTAssertEqual(confirmResult, .bool(false))

            let cancelled = Task { try await host.view.evaluateJavaScript("prompt('Escape me', 'x')") }
            try await waitUntil("second prompt shown") { presenter.visibleDialog != nil }
            presenter.visibleDialog?.respond(.deleteEvent)
            let cancelResult = try await cancelled.value
            XCTAssertEqual(cancelResult, .null)
            XCTAssertNil(presenter.visibleDialog)
            host.close()
        }
    }
}

final class ScriptDialogRequestTests: XCTestCase {
    func testTheAskingPageIsNamedByItsOriginAsTheOtherSecurityDecisionsReadIt() {
        let request = { ScriptDialogRequest(kind: .alert, message: "", pageURI: $0).origin }
        XCTAssertEqual(request("HTTPS://user@Example.org:443/a?b"), "https://example.org")
        XCTAssertEqual(request("http://127.0.0.1:8123/page.html"), Origin(uri: "http://127.0.0.1:8123/")?.description)
        XCTAssertEqual(request("file:///home/me/site/index.html"), "/home/me/site/index.html")
        XCTAssertEqual(request("about:blank"), "about:blank")
    }
}
