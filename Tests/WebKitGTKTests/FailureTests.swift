import ScriptMessaging
import TestHelpers
import WebKitGTK
import XCTest

final class FailureTests: GTKTestCase {
    func testTerminatedWebProcessShowsErrorPageAndReloadRecovers() {
        let files = TestDirectory()
        let page = files.write("alive.html", "<title>alive</title><p>still here</p>")
        gtkTest {
            let host = TestWindow()
            host.view.load(fileAtPath: page.path)
            try await host.waitForLoad()
            try await waitUntil("page title") { host.view.title == "alive" }
            var terminated = false
            let observation = host.view.observe { if case .webProcessTerminated = $0 { terminated = true } }
            host.view.terminateWebProcess()
            try await waitUntil("error page shown") { terminated && host.view.title == "This page stopped working" }
            let message = try await host.view.evaluateJavaScript("document.getElementById('error-message').textContent")
            XCTAssertEqual(message, .string("The web process showing \(page.absoluteString) was stopped."))
            let retry = try await host.view.evaluateJavaScript("document.getElementById('retry').href")
            XCTAssertEqual(retry, .string(page.absoluteString))
            host.view.reload()
            try await waitUntil("page back after reload") { host.view.title == "alive" }
            let text = try await host.view.evaluateJavaScript("document.body.textContent")
            XCTAssertEqual(text, "still here")
            observation.cancel()
            host.close()
        }
    }

    func testMissingFileShowsErrorPageNamingIt() {
        let files = TestDirectory()
        let missing = files.url.appendingPathComponent("no-such-page.html")
        gtkTest {
            let host = TestWindow()
            host.view.load(fileAtPath: missing.path)
            var failures: [LoadError] = []
            let observation = host.view.observe { if case .loadFailed(let error) = $0 { failures.append(error) } }
            defer { observation.cancel() }
            try await waitUntil("error page shown") { host.view.title == "File not found" }
            XCTAssertEqual(failures.map(\.kind), [.fileNotFound])
            let message = try await host.view.evaluateJavaScript("document.getElementById('error-message').textContent")
            guard case .string(let text) = message else { return XCTFail("no message: \(String(describing: message))") }
            XCTAssertTrue(text.contains("no-such-page.html"), text)
            host.close()
        }
    }
}
