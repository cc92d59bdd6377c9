import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// Permission requests from a frame of another origin (two loopback servers), answered in
/// the real GTK prompt: it names the frame that asks, never the page around it, and an
/// answer given to one of them is not the other's.
final class FramePermissionTests: GTKTestCase {
    /// A page on one loopback origin embedding an `AskingFrame` of another, in a guarded view
    /// whose prompts are real GTK dialogs.
    @MainActor
    private final class FramedAsker {
        let frame: AskingFrame
        let page: LoopbackServer
        let host = TestWindow(view: WebView(context: PermissionGuardTests.freshContext()))
        let prompter: GTKPermissionPrompter
        let guardian: PermissionGuard

        init() async throws {
            frame = try AskingFrame()
            page = try LoopbackServer()
            page.page("/page.html", frame.embeddingPage)
            prompter = GTKPermissionPrompter(parent: host.window)
            guardian = PermissionGuard(view: host.view, prompter: prompter)
            AskingFrame.enableMockCaptureDevices(in: host.view)
            host.view.load(uri: page.url("/page.html"))
            try await host.waitForLoad()
            try await frame.waitUntilLoaded(in: host.view)
        }

        /// `kind` asked by `party`, each prompt answered `answering`.
        func ask(_ kind: String, from party: AskingParty, answering: Bool) async throws -> PermissionAsk {
            try await host.view.ask(kind, from: party, prompts: shownPrompt, answering: answering)
        }

        /// The prompt on screen.
        func shownPrompt() -> ShownPrompt? {
            prompter.visibleDialog.map(ShownPrompt.init)
        }

        /// What the page's prompt heading starts with.
        var pageAsks: String { "“\(page.origin)” wants to" }
        /// What a prompt for the frame says.
        var frameAsks: String { "A frame embedded in this page from “\(frame.origin)” wants to" }

        func close() {
            host.close()
            page.stop()
            frame.stop()
        }
    }

    /// The other way round: the page's answer does not reach a frame of another origin.
    func testThePagesAnswerIsNotAFramesOfAnotherOrigin() {
        gtkTest(timeout: 90) {
            let framed = try await FramedAsker()
            defer { framed.close() }
            let fromPage = try await framed.ask("geolocation", from: .page, answering: true)
            XCTAssertEqual(fromPage.prompts.count, 1, "\(fromPage.prompts)")
            XCTAssertTrue(fromPage.prompts.first?.hasPrefix(framed.pageAsks) == true, "\(fromPage.prompts)")
            XCTAssertNotEqual(fromPage.result, "error 1", "allowed: not PERMISSION_DENIED")

            let fromFrame = try await framed.ask("geolocation", from: .frame, answering: false)
            XCTAssertEqual(fromFrame.prompts.count, 1, "the page's answer is not the frame's: \(fromFrame.prompts)")
            XCTAssertTrue(fromFrame.prompts.first?.hasPrefix(framed.frameAsks) == true, "\(fromFrame.prompts)")
            XCTAssertEqual(fromFrame.result, "error 1", "PERMISSION_DENIED")

            let pageAgain = try await framed.ask("geolocation", from: .page, answering: false)
            XCTAssertEqual(pageAgain.prompts, [], "the page's own answer is remembered")
            XCTAssertNotEqual(pageAgain.result, "error 1")
        }
    }
}
