import TestHelpers
import WebKitGTK
import XCTest

final class HistoryTests: GTKTestCase {
    func testThreePagesBackAndForward() {
        let files = TestDirectory()
        let pages = ["one", "two", "three"].map { files.write("\($0).html", "<title>\($0)</title><p>\($0)</p>") }
        gtkTest {
            let host = TestWindow()
            let view = host.view
            @MainActor func expect(_ page: URL, back: Bool, forward: Bool, line: UInt = #line) {
                let (uri, canGoBack, canGoForward) = (view.uri, view.canGoBack, view.canGoForward)
                XCTAssertEqual(uri, page.absoluteString, line: line)
                XCTAssertEqual(canGoBack, back, "canGoBack", line: line)
                XCTAssertEqual(canGoForward, forward, "canGoForward", line: line)
            }
            for page in pages {
                view.load(fileAtPath: page.path)
                try await host.waitForLoad()
            }
            expect(pages[2], back: true, forward: false)
            view.goBack()
            try await host.waitForLoad()
            expect(pages[1], back: true, forward: true)
            view.goBack()
            try await host.waitForLoad()
            expect(pages[0], back: false, forward: true)
            view.goForward()
            try await host.waitForLoad()
            expect(pages[1], back: true, forward: true)
            view.goForward()
            try await host.waitForLoad()
            expect(pages[2], back: true, forward: false)
            try await waitUntil("title of page three") { view.title == "three" }
            host.close()
        }
    }
}
