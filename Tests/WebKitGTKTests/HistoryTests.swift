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
            @MainActor func expect(_ page: URL, back: Bool, forward: Bool, _ step: String) {
                let (uri, canGoBack, canGoForward) = (view.uri, view.canGoBack, view.canGoForward)
                XCTAssertEqual(uri, page.absoluteString, step)
                XCTAssertEqual(canGoBack, back, "canGoBack \(step)")
                XCTAssertEqual(canGoForward, forward, "canGoForward \(step)")
            }
            for page in pages {
                view.load(fileAtPath: page.path)
                try await host.waitForLoad()
            }
            expect(pages[2], back: true, forward: false, "after loading the three pages")
            // Each move, and the page and buttons after it.
            let moves: [(name: String, move: @MainActor () -> Void, page: Int, back: Bool, forward: Bool)] = [
                ("back", view.goBack, 1, true, true),
                ("back again", view.goBack, 0, false, true),
                ("forward", view.goForward, 1, true, true),
                ("forward again", view.goForward, 2, true, false),
            ]
            for step in moves {
                step.move()
                try await host.waitForLoad()
                expect(pages[step.page], back: step.back, forward: step.forward, "after \(step.name)")
            }
            try await waitUntil("title of page three") { view.title == "three" }
            host.close()
        }
    }
}
