import GLibLog
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

final class DeveloperToolsTests: GTKTestCase {
    private static let page = "<p>An apple a day. Apple pie. Pineapple.</p><p>pear</p>"

    func testFindCountsMatchesAndReportsMisses() {
        gtkTest {
            let host = TestWindow()
            try await host.loadHTML(Self.page)
            let find = FindInPage(webView: host.view)
            var results: [FindResult] = []
            let observation = find.observe { results.append($0) }

            find.search("apple")
            try await waitUntil("apple found") { find.result != nil }
            XCTAssertEqual(find.result, .found(matches: 3))
            find.next()
            find.previous()

            find.search("Apple", caseSensitive: true)
            try await waitUntil("Apple found") { find.result == .found(matches: 1) }

            find.search("banana")
            try await waitUntil("banana missed") { find.result == .notFound }
            XCTAssertEqual(results, [.found(matches: 3), .found(matches: 1), .notFound])

            find.finish()
            XCTAssertNil(find.result)
            XCTAssertEqual(find.text, "")
            observation.cancel()
            host.close()
        }
    }

    func testFindBarSearchesAsTheUserTypes() {
        gtkTest {
            let host = TestWindow()
            try await host.loadHTML(Self.page)
            let bar = FindBar(find: FindInPage(webView: host.view))
            let window = Window(title: "find")
            window.setChild(bar)
            window.showAll()
            bar.reveal()
            XCTAssertTrue(bar.isRevealed)

            bar.searchText = "apple"
            try await waitUntil("count shown") { bar.matchCountText == "3 matches" }
            bar.searchText = "pear"
            try await waitUntil("one match") { bar.matchCountText == "1 match" }
            bar.searchText = "kiwi"
            try await waitUntil("no match") { bar.matchCountText == "No matches" }

            bar.dismiss()
            XCTAssertFalse(bar.isRevealed)
            XCTAssertEqual(bar.matchCountText, "")
            XCTAssertNil(bar.find.result)
            window.close()
            host.close()
        }
    }

    func testZoomStepsThroughLevelsAndResets() {
        gtkTest {
            let host = TestWindow()
            try await host.loadHTML("<p>zoom</p>")
            host.view.zoomIn()
            host.view.zoomIn()
            XCTAssertEqual(host.view.zoomLevel, 1.25, accuracy: 0.0001)
            host.view.zoomOut()
            XCTAssertEqual(host.view.zoomLevel, 1.1, accuracy: 0.0001)
            host.view.resetZoom()
            XCTAssertEqual(host.view.zoomLevel, 1)
            host.close()
        }
    }

    func testInspectorOpensAndCloses() {
        gtkTest {
            let host = TestWindow()
            try await host.loadHTML("<p>inspect me</p>")
            XCTAssertFalse(host.view.settings.developerExtrasEnabled)
            XCTAssertFalse(host.view.isInspectorOpen)
            host.view.showInspector()
            XCTAssertTrue(host.view.settings.developerExtrasEnabled)
            try await waitUntil("inspector open") { host.view.isInspectorOpen }
            host.view.closeInspector()
            try await waitUntil("inspector closed") { !host.view.isInspectorOpen }
            host.close()
        }
    }

    func testLogFollowsMessagesDebug() {
        let saved = ProcessInfo.processInfo.environment["G_MESSAGES_DEBUG"]
        defer { if let saved { setenv("G_MESSAGES_DEBUG", saved, 1) } else { unsetenv("G_MESSAGES_DEBUG") } }
        setenv("G_MESSAGES_DEBUG", "WebBridge", 1)
        XCTAssertTrue(Log(domain: "WebBridge").isDebugEnabled)
        XCTAssertFalse(Log.webKitGTK.isDebugEnabled)
        var built = false
        Log.webKitGTK.debug({ built = true; return "never shown" }())
        XCTAssertFalse(built, "a hidden message is not even built")
        unsetenv("G_MESSAGES_DEBUG")
        XCTAssertFalse(Log(domain: "WebBridge").isDebugEnabled)
    }
}
