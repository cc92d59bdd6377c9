import CGtkHelpers
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// An app's window is no browser: no navigation buttons (and a browser's buttons hidden in
/// `setUp` stay hidden once shown), no browser keys. The keys are pressed for real (xdotool
/// under Xvfb); the page records every key it gets, so a key pressed after them proves the
/// earlier ones were handled (or not) by then.
final class AppWindowModeTests: GTKTestCase {
    /// The app's pages may run only scripts of their own origin (its CSP): no inline script.
    private static let page = #"<title>%TITLE%</title><body>%TITLE%<script src="keys.js"></script></body>"#

    private static func pages() -> [String: String] {
        ["a.html": page.replacingOccurrences(of: "%TITLE%", with: "Page A"),
         "b.html": page.replacingOccurrences(of: "%TITLE%", with: "Page B"),
         "keys.js": "window.keys = []; addEventListener('keydown', e => keys.push(e.key));"]
    }

    func testAnAppWindowHasNoNavigationButtons() {
        gtkTest {
            let app = try AppPageWindow(pages: Self.pages(), configuration: AppWindowConfiguration(appName: "Mode app"))
            defer { app.close() }
            for button in [app.window.backButton, app.window.forwardButton, app.window.reloadButton] {
                XCTAssertNil(gtk_widget_get_parent(button.widget), "a navigation button is in an app's header bar")
                XCTAssertFalse(button.isVisible)
            }
            let browser = try AppPageWindow(pages: Self.pages(), configuration: AppWindowConfiguration(appName: "Mode browser", mode: .browser))
            defer { browser.close() }
            XCTAssertNotNil(gtk_widget_get_parent(browser.window.backButton.widget))
            XCTAssertTrue(browser.window.backButton.isVisible)
        }
    }

    func testButtonsHiddenInSetUpStayHiddenWhenShown() {
        gtkTest {
            let configuration = AppWindowConfiguration(appName: "Hidden buttons", mode: .browser) { window in
                window.backButton.isVisible = false
                window.forwardButton.isVisible = false
            }
            let app = try AppPageWindow(pages: Self.pages(), configuration: configuration)
            defer { app.close() }
            app.window.show()
            XCTAssertFalse(app.window.backButton.isVisible, "show() brought back a button setUp hid")
            XCTAssertFalse(app.window.forwardButton.isVisible)
            XCTAssertTrue(app.window.reloadButton.isVisible)
        }
    }

    /// A key typed into a window just shown reaches the page, in either mode, as in a browser:
    /// not the title bar's first button (GTK 4's choice, its title bar being content there).
    func testThePageHasTheKeyboardWhenTheWindowFirstShows() {
        gtkTest(timeout: 60) {
            for mode in [AppWindowMode.app, .browser] {
                let app = try AppPageWindow(pages: Self.pages(), configuration: AppWindowConfiguration(appName: "First keys \(mode)", mode: mode))
                defer { app.close() }
                try await app.load("a.html")
                XCTAssertEqual(app.window.window.focusedWidget, app.window.webView.widget.widget, "\(mode)")
                let id = try await app.x11Window()
                try await app.xdotool(["windowfocus", "--sync", id])
                try await app.xdotool(["key", "--clearmodifiers", "q"])
                try await eventually("the page got the q (\(mode))") {
                    try await app.window.webView.evaluateJavaScript("keys.includes('q')", as: Bool.self)
                }
            }
        }
    }

    func testAnAppWindowIgnoresAltLeftAndF5AndABrowserWindowDoesNot() {
        gtkTest(timeout: 90) {
            for mode in [AppWindowMode.app, .browser] {
                let title = "Keys \(mode)"
                let app = try AppPageWindow(pages: Self.pages(), configuration: AppWindowConfiguration(appName: title, mode: mode))
                defer { app.close() }
                try await app.load("a.html")
                try await app.load("b.html")
                _ = try await app.window.webView.evaluateJavaScript("window.marker = 'kept'; 1", as: Int.self)
                let id = try await app.x11Window()
                try await app.xdotool(["windowfocus", "--sync", id])
                try await app.xdotool(["key", "--clearmodifiers", "F5"])
                try await app.xdotool(["key", "--clearmodifiers", "x"])
                if mode == .app {
                    try await eventually("the page got the x after F5") {
                        try await app.window.webView.evaluateJavaScript("keys.includes('x')", as: Bool.self)
                    }
                    let marker = try await app.window.webView.evaluateJavaScript("String(window.marker)", as: String.self)
                    XCTAssertEqual(marker, "kept", "F5 reloaded an app's page")
                    let keys = try await app.window.webView.evaluateJavaScript("keys.join(',')", as: String.self)
                    XCTAssertEqual(keys, "F5,x")
                    try await app.xdotool(["key", "--clearmodifiers", "alt+Left"])
                    try await app.xdotool(["key", "--clearmodifiers", "y"])
                    try await eventually("the page got the y after Alt+Left") {
                        try await app.window.webView.evaluateJavaScript("keys.includes('y')", as: Bool.self)
                    }
                    XCTAssertEqual(app.window.webView.uri, "app://localhost/b.html", "Alt+Left went back in an app's window")
                } else {
                    try await eventually("F5 reloaded a browser's page") {
                        (try? await app.window.webView.evaluateJavaScript("String(window.marker)", as: String.self)) == "undefined"
                    }
                    try await app.xdotool(["key", "--clearmodifiers", "alt+Left"])
                    try await eventually("Alt+Left went back in a browser's window") { app.window.webView.uri == "app://localhost/a.html" }
                }
            }
        }
    }
}
