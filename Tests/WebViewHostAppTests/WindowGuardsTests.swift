import TestHelpers
import WebKitGTK
import WebAppWindow
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
