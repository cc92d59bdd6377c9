import CGtkHelpers
import CWebKitGTKHelpers
import TestHelpers
import WebKitGTK
@testable import WebAppWindow
import WebViewHostApp
import XCTest

/// The window's guards are attached: the page the app loads is allowed, a page cannot
/// navigate the window to local files, and permission answers are shared by all windows.
final class WindowGuardsTests: GTKTestCase {
    func testTheLoadedPageIsAllowedAndItsNavigationsAreGuarded() {
        let files = TestDirectory()
        let start = files.write("site/index.html", "<!doctype html><title>start</title>")
        let outside = files.write("elsewhere/page.html", "<!doctype html><title>outside</title>")
        gtkTest { @MainActor in
            let controller = makeWindow(width: 640, height: 480)
            defer { controller.close() }
            var events: [NavigationEvent] = []
            let observation = controller.guards.navigation.observe { events.append($0) }
            defer { observation.cancel() }
            controller.show()
            try await open(start.absoluteString, in: controller)
            let policy = controller.guards.navigation.policy
            XCTAssertTrue(policy.allowsInWindow(files.url.appendingPathComponent("site/other.html").absoluteString))
            XCTAssertTrue(policy.allowsInWindow("app://localhost/index.html"))
            XCTAssertFalse(policy.allowsInWindow(outside.absoluteString))

            _ = try await controller.webView.evaluateJavaScript("location.href = \(String(reflecting: outside.absoluteString)); null")
            try await waitUntil("the navigation out of the directory was refused") { events == [.refused(outside.absoluteString)] }
            XCTAssertEqual(controller.webView.uri, start.absoluteString)
        }
    }

    /// Never silent: a link the user clicks to a file above the opened folder asks, and opens
    /// it untrusted (no `window.bridge`) once the user agrees; the same navigation from script
    /// is refused quietly, as before.
    func testAClickedLinkAboveTheFolderAsksAndOpensThePageUntrusted() {
        let files = TestDirectory()
        let index = files.write("html/index.html", "<!doctype html><title>contents</title>")
        let start = files.write("html/library/page.html", """
            <!doctype html><title>library page</title>
            <a href="../index.html" style="display:block;position:fixed;inset:0">Contents</a>
            """)
        gtkTest(timeout: 60) { @MainActor in
            let controller = makeWindow(width: 640, height: 480)
            defer { controller.close() }
            controller.show()
            try await open(start.absoluteString, in: controller)

            _ = try await controller.webView.evaluateJavaScript("location.href = '../index.html'; null")
            try await Task.sleep(nanoseconds: 1_500_000_000)
            XCTAssertNil(toplevel(titled: RefusedLinkNotice.title), "a script's navigation asked the user")
            XCTAssertEqual(controller.webView.uri, start.absoluteString)

            let trusted = try await controller.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
            XCTAssertEqual(trusted, "object", "the start page has no bridge to compare with")
            try await clickIntoWindow()
            try await waitUntil(timeout: 20, "the refused click was reported in the window") {
                toplevel(titled: RefusedLinkNotice.title) != nil
            }
            XCTAssertEqual(controller.webView.uri, start.absoluteString, "the page left before the user agreed")
            respond(to: try XCTUnwrap(toplevel(titled: RefusedLinkNotice.title)), GTK_RESPONSE_ACCEPT)
            try await waitUntil(timeout: 20, "the file above the folder opened") {
                controller.webView.uri == index.absoluteString && !controller.webView.isLoading
            }
            let bridge = try await controller.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
            XCTAssertEqual(bridge, "undefined", "the page opened outside the folder got the bridge")
        }
    }

    func testPermissionAnswersAreSharedByEveryWindow() {
        gtkTest { @MainActor in
            let first = makeWindow(width: 320, height: 240)
            let second = makeWindow(width: 320, height: 240)
            XCTAssertTrue(first.guards.permissions.store === second.guards.permissions.store)
            XCTAssertTrue(first.guards.authentication.prompter is GTKAuthenticationPrompter)
            XCTAssertTrue(first.guards.permissions.prompter is GTKPermissionPrompter)
            first.close()
            second.close()
        }
    }
}
