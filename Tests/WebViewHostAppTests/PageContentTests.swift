import CWebKitGTKHelpers
import Foundation
import TestHelpers
import WebKitGTK
@testable import WebAppWindow
@testable import WebViewHostApp
import XCTest

/// What a window does with content other than a page: media files play in WebKit's media
/// document, downloads leave the page (and what the user typed into it) alone, and a start
/// that fails shows the error page whose Retry and F5 try the original URL again.
final class PageContentTests: GTKTestCase {
    /// A file page with a text field, a media link and a download link.
    private static func makeFilePage(_ files: TestDirectory) throws -> URL {
        try silentWAV().write(to: files.url.appendingPathComponent("clip.wav"))
        try Data((0..<4096).map { UInt8($0 % 251) }).write(to: files.url.appendingPathComponent("archive.bin"))
        return files.write("form.html", """
            <title>form</title>
            <input id="note">
            <a id="save" href="archive.bin" download>Save the archive</a>
            <a id="fetch" href="archive.bin">The archive</a>
            <a id="play" href="clip.wav">Play the clip</a>
            """)
    }

    @MainActor
    private static func isMediaDocument(_ view: WebView) async throws -> Bool {
        try await view.evaluateJavaScript("document.querySelector('video, audio') !== null") == .bool(true)
    }

    func testAnAudioFileOpenedInTheWindowPlaysInAMediaDocument() {
        let files = TestDirectory()
        gtkTest {
            let page = try Self.makeFilePage(files)
            let clip = files.url.appendingPathComponent("clip.wav").absoluteString
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            var failures: [LoadError] = []
            let observation = controller.webView.observe { if case .loadFailed(let error) = $0 { failures.append(error) } }
            defer { observation.cancel() }

            // Opened as the window's page (the command line)…
            controller.load(uri: clip)
            try await waitUntil("media document") {
                controller.webView.uri == clip && !controller.webView.isLoading
            }
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertEqual(failures, [], "the media file was reported as a failed load")
            let isMedia = try await Self.isMediaDocument(controller.webView)
            XCTAssertTrue(isMedia, "no media element: \(controller.window.title)")

            // …and by a link on a page.
            try await open(page.absoluteString, in: controller)
            _ = try await controller.webView.evaluateJavaScript("document.getElementById('play').click()")
            try await waitUntil("followed the link") { controller.webView.uri == clip && !controller.webView.isLoading }
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertEqual(failures, [])
            let linkedIsMedia = try await Self.isMediaDocument(controller.webView)
            XCTAssertTrue(linkedIsMedia, "no media element after the link: \(controller.window.title)")
            controller.close()
        }
    }

    func testDownloadLinksOnAFilePageKeepThePageAndWhatWasTyped() {
        let files = TestDirectory()
        let saved = TestDirectory()
        gtkTest(timeout: 40) {
            let page = try Self.makeFilePage(files)
            let (controller, downloads) = makeDownloadingWindow(chooser: FixedChooser(saved.url.appendingPathComponent("archive.bin")))
            controller.show()
            let reporter = DownloadReporter(downloads: downloads) { controller }
            var failures: [LoadError] = []
            let observation = controller.webView.observe { if case .loadFailed(let error) = $0 { failures.append(error) } }
            defer { observation.cancel() }
            try await open(page.absoluteString, in: controller)

            for (link, count) in [("save", 1), ("fetch", 2)] {
                _ = try await controller.webView.evaluateJavaScript("document.getElementById('note').value = 'typed \(link)'")
                _ = try await controller.webView.evaluateJavaScript("document.getElementById('\(link)').click()")
                try await waitUntil("download \(count) saved") {
                    downloads.all.count == count && controller.status == "Saved archive.bin"
                }
                try await Task.sleep(nanoseconds: 300_000_000)
                XCTAssertEqual(controller.webView.uri, page.absoluteString, "the \(link) link replaced the page")
                let typed = try await controller.webView.evaluateJavaScript("document.getElementById('note').value")
                XCTAssertEqual(typed, .string("typed \(link)"), "the \(link) link lost what the user typed")
                controller.showStatus(nil)
            }
            XCTAssertEqual(failures, [], "downloads were reported as failed loads")
            XCTAssertEqual(try Data(contentsOf: saved.url.appendingPathComponent("archive.bin")).count, 4096)
            _ = reporter
            controller.close()
        }
    }

    func testABlockedPortShowsTheErrorPageAndF5TriesTheURLAgain() {
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            for uri in ["http://127.0.0.1:10080/", "http://127.0.0.1:9/page"] {
                // The error page loads after the failure is reported, and the window may still
                // show the previous one meanwhile: count the loads that finish after a failure.
                var failures: [LoadError] = []
                var errorPagesShown = 0
                var awaitingErrorPage = false
                let observation = controller.webView.observe { event in
                    switch event {
                    case .loadFailed(let error):
                        failures.append(error)
                        awaitingErrorPage = true
                    case .load(.finished) where awaitingErrorPage:
                        errorPagesShown += 1
                        awaitingErrorPage = false
                    default:
                        break
                    }
                }
                controller.load(uri: uri)
                for attempt in 1...2 {
                    try await waitUntil(timeout: 20, "error page \(attempt) for \(uri)") {
                        failures.count == attempt && errorPagesShown == attempt && !controller.webView.isLoading
                            && controller.window.title == "Blocked port"
                    }
                    XCTAssertEqual(failures.map(\.uri), Array(repeating: uri, count: attempt))
                    let message = try await controller.webView.evaluateJavaScript("document.getElementById('error-message').textContent")
                    guard case .string(let text) = message else { return XCTFail("no error message for \(uri): \(String(describing: message))") }
                    let port = try XCTUnwrap(Origin(uri: uri)?.port)
                    XCTAssertEqual(text, "Web pages may not use port \(port) (asked for at 127.0.0.1:\(port)): it is reserved for other programs.")
                    let retry = try await controller.webView.evaluateJavaScript("document.getElementById('retry').href")
                    XCTAssertEqual(retry, .string(uri))
                    if attempt == 1 {
                        // F5 on the error page tries the failed address again.
                        XCTAssertTrue(controller.shortcuts.handle(keyval: UInt32(GDK_KEY_F5), modifiers: 0))
                    }
                }
                observation.cancel()
            }
            controller.close()
        }
    }
}
