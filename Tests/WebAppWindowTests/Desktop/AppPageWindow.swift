import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// An `AppWindow` showing pages of the app's own origin: `app://localhost/` served from a
/// directory of the test's, on screen, in a context of its own that keeps its data in that
/// directory (WebKit denies notifications in ephemeral contexts without asking).
@MainActor
final class AppPageWindow {
    let window: AppWindow
    let directory = TestDirectory()
    private let context: WebContext

    /// A window with `pages` (name → HTML) under `configuration`, whose pages may embed frames
    /// of the origins `framing` (their policy's `frame-src`).
    init(pages: [String: String], configuration: AppWindowConfiguration, framing: [String] = []) throws {
        for (name, html) in pages { directory.write(name, html) }
        context = WebContext(dataDirectory: directory.url.path + "/.data", cacheDirectory: directory.url.path + "/.cache")
        var scheme = try AppScheme(directory: directory.url.path)
        if !framing.isEmpty { try scheme.allow(framing, for: "frame-src") }
        context.register(scheme)
        window = AppWindow(webView: WebView(settings: WebViewSettings(), context: context), configuration: configuration)
        window.show()
    }

    /// Loads `app://localhost/<name>` and waits for the load to finish.
    func load(_ name: String) async throws {
        try await window.webView.waitForLoad("app://localhost/\(name) loaded") { window.load(uri: "app://localhost/\(name)") }
    }

    /// The window's X id as xdotool takes it (`0x…`), once it is on screen.
    func x11Window() async throws -> String {
        try await eventually("the window is on screen") { window.window.x11Handle != nil }
        return "0x" + window.window.x11Handle!.dropFirst("x11:".count)
    }

    /// Runs xdotool with `arguments` off the main thread, so the loop keeps running meanwhile.
    func xdotool(_ arguments: [String]) async throws {
        _ = try await Task.detached { try runTool("/usr/bin/xdotool", arguments) }.value
    }

    func close() { window.close() }
}
