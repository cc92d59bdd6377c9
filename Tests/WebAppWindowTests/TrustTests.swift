import Foundation
import TestHelpers
import WebAppWindow
import WebBridge
import WebKitGTK
import XCTest

/// `trust(_:)` is one call per origin or directory; a page the window does not trust gets no
/// `window.bridge`, and the log says once per page which call would trust it.
final class TrustTests: GTKTestCase {
    @MainActor
    private static func makeWindow(logger: RecordingLogger) -> AppWindow {
        let window = AppWindow(configuration: AppWindowConfiguration(appName: "Trust test", width: 480, height: 360) { window in
            window.bridge.add(Handler.replying("echo", as: String.self) { $0 })
        })
        window.bridge.logger = logger
        return window
    }

    @MainActor
    private static func load(_ uri: String, in window: AppWindow) async throws {
        try await window.webView.waitForLoad("load of \(uri) finished") { window.webView.load(uri: uri) }
    }

    func testAnUntrustedOriginIsRefusedAndTheLogNamesTheCallThatTrustsIt() throws {
        gtkTest {
            let server = try LoopbackServer()
            server.page("/", "<title>dev server</title>")
            let logger = RecordingLogger()
            let window = Self.makeWindow(logger: logger)
            defer { window.close() }
            window.show()
            window.webView.load(uri: server.url("/"))
            try await waitUntil("refusal logged") { !logger.lines(about: server.url("/")).isEmpty }
            let warning = try XCTUnwrap(logger.lines.first { $0.1.hasPrefix(server.url("/")) })
            XCTAssertEqual(warning.0, .warning)
            XCTAssertTrue(warning.1.hasSuffix("To trust it: window.trust(.origin(\"\(server.origin)\"))"), warning.1)
            XCTAssertNotEqual(window.webView.title, "dev server", "an untrusted page replaced the window's")

            window.trust(.origin(server.origin))
            window.webView.load(uri: server.url("/"))
            try await eventually("the trusted page has window.bridge") {
                guard window.webView.title == "dev server" else { return false }
                return try await window.webView.evaluateJavaScript("typeof window.bridge", as: String.self) == "object"
            }
            let answer = try await window.webView.callAsyncJavaScript("return await window.bridge.invoke('echo', 'hi')", as: String.self)
            XCTAssertEqual(answer, "hi")
            XCTAssertEqual(logger.lines(about: server.url("/")).count, 1, "told more than once: \(logger.lines)")
        }
    }

    func testAPageShownWithoutTheBridgesTrustIsToldOncePerPage() throws {
        let files = TestDirectory()
        let page = files.write("site/index.html", "<title>local</title>")
        gtkTest {
            let logger = RecordingLogger()
            let window = Self.makeWindow(logger: logger)
            defer { window.close() }
            window.show()
            // The navigation allows the file; the bridge was never told (the lower layers' way).
            window.guards.allow(uri: page.absoluteString)
            try await Self.load(page.absoluteString, in: window)
            let type = try await window.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
            XCTAssertEqual(type, "undefined")
            try await Self.load(page.absoluteString, in: window)
            let lines = logger.lines(about: page.absoluteString)
            XCTAssertEqual(lines.count, 1, "\(logger.lines)")
            let directory = page.deletingLastPathComponent().path
            XCTAssertTrue(lines.first?.hasSuffix("To trust it: window.trust(.directory(URL(fileURLWithPath: \"\(directory)\")))") == true,
                          "\(lines)")

            window.trust(.directory(page.deletingLastPathComponent()))
            try await Self.load(page.absoluteString, in: window)
            let trusted = try await window.webView.evaluateJavaScript("typeof window.bridge", as: String.self)
            XCTAssertEqual(trusted, "object")
        }
    }
}
