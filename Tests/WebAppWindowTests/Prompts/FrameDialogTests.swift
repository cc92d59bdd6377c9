import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// Dialogs from a frame of another origin (two loopback servers): they name the frame's
/// origin, say it is embedded, and cannot borrow the top page's name.
final class FrameDialogTests: GTKTestCase {
    func testACrossOriginFrameDialogNamesItsOwnOriginAndSaysItIsEmbedded() {
        gtkTest {
            let framed = FramedPage()
            let presenter = GTKScriptDialogPresenter(parent: framed.host.window)
            framed.show(frameScript: "prompt('Your password?'); alert('done')", presenter: presenter)
            for _ in 0..<2 {
                let (title, heading) = try await nextDialog(of: presenter)
                XCTAssertTrue(heading.contains(framed.frame.origin), heading)
                XCTAssertTrue(heading.lowercased().contains("embedded"), heading)
                XCTAssertFalse(heading.contains(framed.page.origin), "a frame's dialog in the page's name: \(heading)")
                XCTAssertTrue(title.contains(framed.frame.origin) && !title.contains(framed.page.origin), title)
            }
            _ = try await framed.host.view.evaluateJavaScript("setTimeout(() => alert('the page'), 0); undefined")
            let (title, heading) = try await nextDialog(of: presenter)
            XCTAssertEqual(title, framed.page.origin)
            XCTAssertEqual(heading, "\(framed.page.origin) says")
            framed.close()
        }
    }

    func testTheRequestSaysWhichFrameAsked() {
        gtkTest {
            let framed = FramedPage()
            let presenter = ScriptedPresenter(answers: [.accepted(text: "typed"), .accepted])
            framed.show(frameScript: "parent.postMessage(prompt('Your name?', 'x'), '*')", presenter: presenter)
            try await waitUntil("the frame asked") { presenter.requests.count == 1 }
            _ = try await framed.host.view.evaluateJavaScript("setTimeout(() => confirm('Sure?'), 0); undefined")
            try await waitUntil("the page asked") { presenter.requests.count == 2 }
            XCTAssertEqual(presenter.requests[0].asker, .embeddedFrame(uri: framed.frame.url("/frame.html")))
            XCTAssertEqual(presenter.requests[0].origin, framed.frame.origin)
            XCTAssertTrue(presenter.requests[0].isEmbedded)
            XCTAssertEqual(presenter.requests[1].asker, .topPage)
            XCTAssertEqual(presenter.requests[1].origin, framed.page.origin)
            XCTAssertFalse(presenter.requests[1].isEmbedded)
            framed.close()
        }
    }

    func testAFrameCannotMakeItsDialogCarryTheTopPageName() {
        gtkTest {
            let framed = FramedPage()
            let presenter = GTKScriptDialogPresenter(parent: framed.host.window)
            // Forged announcements, then pristine dialogs from a new empty frame (no wrapper).
            framed.show(frameScript: """
                const marker = 'webviewhost-frames:dialog';
                document.dispatchEvent(new CustomEvent(marker, { detail: { kind: 'alert', message: 'forged' } }));
                try { top.document.dispatchEvent(new CustomEvent(marker, { detail: { kind: 'alert', message: 'forged' } })); } catch (_) {}
                const blank = document.createElement('iframe');
                document.documentElement.append(blank);
                blank.contentWindow.alert('forged');
                blank.contentWindow.confirm.call(window, 'forged');
                """, presenter: presenter)
            for _ in 0..<2 {
                let (title, heading) = try await nextDialog(of: presenter)
                XCTAssertFalse(heading.contains(framed.page.origin), "a frame's dialog in the page's name: \(heading)")
                XCTAssertFalse(title.contains(framed.page.origin), title)
                XCTAssertTrue(heading.lowercased().contains("embedded"), heading)
            }
            framed.close()
        }
    }
}

/// A page on one loopback origin embedding a frame of another that runs a script.
@MainActor
private final class FramedPage {
    let page: LoopbackServer
    let frame: LoopbackServer
    let host = TestWindow()

    init() {
        page = try! LoopbackServer()
        frame = try! LoopbackServer()
    }

    func show(frameScript: String, presenter: any ScriptDialogPresenter) {
        host.view.scriptDialogPresenter = presenter
        frame.page("/frame.html", "<script>\(frameScript)</script>")
        page.page("/page.html", "<title>page</title><iframe src=\"\(frame.url("/frame.html"))\"></iframe>")
        host.view.load(uri: page.url("/page.html"))
    }

    func close() {
        host.close()
        page.stop()
        frame.stop()
    }
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
