import DesktopServices
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// What the app's own pages get from the desktop: the clipboard under the permission the app
/// declared, both ways with Swift; and, when the app allows it, the window's file chooser
/// (GTK's, driven as a user would) giving the page the chosen file's bytes, not its path.
final class PageServicesTests: GTKTestCase {
    private static let page = "<title>Services</title><body>services</body>"

    func testTheClipboardRoundTripsBetweenThePageAndSwift() {
        gtkTest {
            let configuration = AppWindowConfiguration(appName: "Clipboard", permissions: AppPermissions(clipboard: .granted))
            let app = try AppPageWindow(pages: ["index.html": Self.page], configuration: configuration)
            defer { app.close() }
            try await app.load("index.html")
            let fromSwift = "from Swift \(UUID().uuidString)"
            Clipboard.general.setText(fromSwift)
            let read = try await app.window.webView.callAsyncJavaScript("return await navigator.clipboard.readText()", as: String.self)
            XCTAssertEqual(read, fromSwift)

            let fromPage = "from the page \(UUID().uuidString)"
            _ = try await app.window.webView.callAsyncJavaScript("await navigator.clipboard.writeText('\(fromPage)'); return 1", as: Int.self)
            try await eventually("Swift reads what the page wrote") { await Clipboard.general.text() == fromPage }
        }
    }

    func testThePagesFileChooserGivesTheChosenFilesBytes() {
        gtkTest(timeout: 60) {
            let app = try await Self.pageWithTheFileChooser()
            defer { app.close() }
            let file = app.directory.write("chosen.txt", "the chosen bytes ✓")
            let typist = Task.detached {
                let dialog = try XCTUnwrap(try X11Windows.waitFor("Pick for the page"), "GTK's chooser never opened")
                try X11Windows.press("ctrl+l", in: dialog)
                try X11Windows.type(file.path, into: dialog)
                // Typed over the Recent list, the first Return can go to the entry's completion:
                // press it again until the dialog has gone.
                _ = try poll(timeout: 20) { () throws -> Bool? in
                    guard try X11Windows.named("Pick for the page").contains(dialog) else { return true }
                    try? X11Windows.press("Return", in: dialog)
                    return nil
                }
            }
            let text = try await app.window.webView.callAsyncJavaScript("""
                const bytes = await window.bridge.invokeBinary('desktop.openFile', new ArrayBuffer(0), {title: 'Pick for the page'});
                return new TextDecoder().decode(bytes);
                """, as: String.self)
            try await typist.value
            XCTAssertEqual(text, "the chosen bytes ✓")
        }
    }

    /// Cancelling is an answer, not a failure: the page's Promise resolves with null (asked
    /// with filters of the documented shape, `{name, patterns}`).
    func testACancelledChooserAnswersThePageWithNull() {
        gtkTest(timeout: 60) {
            let app = try await Self.pageWithTheFileChooser()
            defer { app.close() }
            let escaper = Task.detached {
                let dialog = try XCTUnwrap(try X11Windows.waitFor("Pick nothing"), "GTK's chooser never opened")
                _ = try poll(timeout: 20) { () throws -> Bool? in
                    guard try X11Windows.named("Pick nothing").contains(dialog) else { return true }
                    try? X11Windows.press("Escape", in: dialog)
                    return nil
                }
            }
            let answer = try await app.window.webView.callAsyncJavaScript("""
                try {
                    const bytes = await window.bridge.invokeBinary('desktop.openFile', new ArrayBuffer(0),
                        {title: 'Pick nothing', filters: [{name: 'Notes', patterns: ['*.json']}]});
                    return bytes === null ? 'null' : 'bytes ' + bytes.byteLength;
                } catch (error) { return 'rejected ' + error.code + ': ' + error.message; }
                """, as: String.self)
            try await escaper.value
            XCTAssertEqual(answer, "null")
        }
    }

    func testWithoutTheAppsConsentThePageHasNoFileChooser() {
        gtkTest {
            let app = try AppPageWindow(pages: ["index.html": Self.page], configuration: AppWindowConfiguration(appName: "No chooser"))
            defer { app.close() }
            try await app.load("index.html")
            let code = try await app.window.webView.callAsyncJavaScript("""
                try { await window.bridge.invokeBinary('desktop.openFile', new ArrayBuffer(0)); return 'opened'; }
                catch (error) { return error.code; }
                """, as: String.self)
            XCTAssertEqual(code, "unknown-handler")
        }
    }

    /// The app's page in a window that offers it GTK's file chooser (no portal here).
    @MainActor
    private static func pageWithTheFileChooser() async throws -> AppPageWindow {
        let configuration = AppWindowConfiguration(appName: "Page chooser", pageServices: [.fileChooser])
        let app = try AppPageWindow(pages: ["index.html": page], configuration: configuration)
        app.window.fileChooser = FileChooser(parent: app.window.window, bus: nil)
        try await app.load("index.html")
        return app
    }
}
