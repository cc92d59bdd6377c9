import CGtkHelpers
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// A window whose view cannot start a web process, because a path of its sandbox became one
/// bwrap cannot bind (here a symlink loop), says so above the blank page, naming the path, and
/// its Reload brings the page back once the path is mended.
final class SandboxProblemBarTests: GTKTestCase {
    func testTheWindowNamesThePathAndReloadBringsThePageBack() {
        let sandboxed = SandboxedFiles()
        let added = sandboxed.added
        gtkTest(timeout: 60) {
            let window = AppWindow(webView: WebView(context: try sandboxed.context()),
                                   configuration: AppWindowConfiguration(appName: "Sandbox", width: 400, height: 300))
            window.show()
            defer { window.close() }
            let view = window.webView
            window.load(uri: sandboxed.page.absoluteString)
            try await waitUntil(timeout: 20, "the page") { view.title == "page" && !view.isLoading }
            XCTAssertFalse(window.sandboxProblemBar.isVisible)

            try FileManager.default.removeItem(at: added)
            symlink(added.path, added.path)
            defer { unlink(added.path) }
            view.terminateWebProcess()
            try await waitUntil(timeout: 20, "the bar") { window.sandboxProblemBar.isVisible }
            XCTAssertEqual(window.sandboxProblemBar.message,
                           "This page cannot be shown: the sandbox cannot reach \(added.path) (Too many levels of symbolic links)")
            XCTAssertEqual(window.sandboxProblemBar.buttonTitles, ["Reload"])

            unlink(added.path)
            XCTAssertTrue(window.sandboxProblemBar.click("Reload"))
            try await waitUntil(timeout: 20, "the page back") { view.title == "page" && !view.isLoading }
            XCTAssertFalse(window.sandboxProblemBar.isVisible)
        }
    }
}
