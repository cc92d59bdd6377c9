import WebBridge
import WebBridgeTesting
import XCTest

/// What the page hears of the bridge's handler names: handlers added one after another before
/// the first page are each announced while no page can hear it; once a page commits, every
/// announcement it hears names them all. An older list arriving later would take a handler
/// out of `window.webkit.messageHandlers` while the page runs (seen as `postMessage` missing
/// for the app's own page under load, in CallerMatrixTests).
@MainActor
final class HandlerNamesTests: XCTestCase {
    func testAnnouncementsQueuedBeforeThePageNameEveryHandlerWhenTheyRun() async throws {
        let view = FakeWebView()
        let bridge = WebViewBridge(webView: view)
        for name in ["first", "second", "third"] { bridge.add(Handler.action(name) {}) }
        XCTAssertEqual(view.evaluated, [], "no page yet: the announcements wait")
        view.commit()
        try await Task.sleep(for: .milliseconds(50))
        let announcements = view.evaluated.filter { $0.contains("first") }
        XCTAssertFalse(announcements.isEmpty, "\(view.evaluated)")
        for announcement in announcements {
            XCTAssertTrue(announcement.contains("second") && announcement.contains("third"), announcement)
        }
        withExtendedLifetime(bridge) {}
    }
}
