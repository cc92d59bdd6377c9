import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// Dialogs from a frame of another origin (two loopback servers), shown by the real GTK
/// presenter: they name the frame's origin, say it is embedded, and cannot borrow the top
/// page's name.
final class FrameDialogTests: GTKTestCase {
    func testACrossOriginFrameDialogNamesItsOwnOriginAndSaysItIsEmbedded() {
        gtkTest {
            let page = try LoopbackServer(), frame = try LoopbackServer()
            let host = TestWindow()
            let presenter = GTKScriptDialogPresenter(parent: host.window)
            host.view.scriptDialogPresenter = presenter
            try await showFramed("prompt('Your password?'); alert('done')", page: page, frame: frame, in: host)
            for _ in 0..<2 {
                let (title, heading) = try await nextDialog(of: presenter)
                XCTAssertTrue(heading.contains(frame.origin), heading)
                XCTAssertTrue(heading.lowercased().contains("embedded"), heading)
                XCTAssertFalse(heading.contains(page.origin), "a frame's dialog in the page's name: \(heading)")
                XCTAssertTrue(title.contains(frame.origin) && !title.contains(page.origin), title)
            }
            _ = try await host.view.evaluateJavaScript("setTimeout(() => alert('the page'), 0); undefined")
            let (title, heading) = try await nextDialog(of: presenter)
            XCTAssertEqual(title, page.origin)
            XCTAssertEqual(heading, "\(page.origin) says")
            host.close()
            page.stop()
            frame.stop()
        }
    }

    func testTheRequestSaysWhichFrameAsked() {
        gtkTest {
            let page = try LoopbackServer(), frame = try LoopbackServer()
            let host = TestWindow()
            let presenter = ScriptedPresenter(answers: [.accepted(text: "typed"), .accepted])
            host.view.scriptDialogPresenter = presenter
            try await showFramed("parent.postMessage(prompt('Your name?', 'x'), '*')", page: page, frame: frame, in: host)
            try await waitUntil("the frame asked") { presenter.requests.count == 1 }
            _ = try await host.view.evaluateJavaScript("setTimeout(() => confirm('Sure?'), 0); undefined")
            try await waitUntil("the page asked") { presenter.requests.count == 2 }
            XCTAssertEqual(presenter.requests[0].asker, .embeddedFrame(uri: frame.url("/frame.html")))
            XCTAssertEqual(presenter.requests[0].origin, frame.origin)
            XCTAssertTrue(presenter.requests[0].isEmbedded)
            XCTAssertEqual(presenter.requests[1].asker, .topPage)
            XCTAssertEqual(presenter.requests[1].origin, page.origin)
            XCTAssertFalse(presenter.requests[1].isEmbedded)
            host.close()
            page.stop()
            frame.stop()
        }
    }

    func testAFrameCannotMakeItsDialogCarryTheTopPageName() {
        gtkTest {
            let page = try LoopbackServer(), frame = try LoopbackServer()
            let host = TestWindow()
            let presenter = GTKScriptDialogPresenter(parent: host.window)
            host.view.scriptDialogPresenter = presenter
            // A pristine alert from a new empty frame (no wrapper), after forged markers.
            try await showFramed("""
                const marker = 'webviewhost-frames:dialog';
                document.dispatchEvent(new CustomEvent(marker, { detail: { kind: 'alert', message: 'forged' } }));
                try { top.document.dispatchEvent(new CustomEvent(marker, { detail: { kind: 'alert', message: 'forged' } })); } catch (_) {}
                const blank = document.createElement('iframe');
                document.documentElement.append(blank);
                blank.contentWindow.alert('forged');
                blank.contentWindow.confirm.call(window, 'forged');
                """, page: page, frame: frame, in: host)
            for _ in 0..<2 {
                let (title, heading) = try await nextDialog(of: presenter)
                XCTAssertFalse(heading.contains(page.origin), "a frame's dialog in the page's name: \(heading)")
                XCTAssertFalse(title.contains(page.origin), title)
                XCTAssertTrue(heading.lowercased().contains("embedded"), heading)
            }
            host.close()
            page.stop()
            frame.stop()
        }
    }
}

@MainActor
private func showFramed(_ frameScript: String, page: LoopbackServer, frame: LoopbackServer,
                        in host: TestWindow) async throws {
    frame.page("/frame.html", "<script>\(frameScript)</script>")
    page.page("/page.html", "<title>page</title><iframe src=\"\(frame.url("/frame.html"))\"></iframe>")
    host.view.load(uri: page.url("/page.html"))
}

/// Waits for the next dialog, reads its title and heading, and dismisses it.
@MainActor
private func nextDialog(of presenter: GTKScriptDialogPresenter) async throws -> (title: String, heading: String) {
    try await waitUntil("a dialog shown") { presenter.visibleDialog != nil }
    let dialog = try XCTUnwrap(presenter.visibleDialog)
    let seen = (dialog.title, dialog.heading)
    dialog.respond(.ok)
    try await waitUntil("the dialog gone") { presenter.visibleDialog !== dialog }
    return seen
}
