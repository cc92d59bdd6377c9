import WebViewHostApp
import XCTest

final class NavigationStateTests: XCTestCase {
    func testWindowTitleFallsBackToTheAppName() {
        XCTAssertEqual(NavigationState(pageTitle: "Docs").windowTitle, "Docs")
        XCTAssertEqual(NavigationState(pageTitle: nil).windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(pageTitle: "").windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(pageTitle: "  \n").windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(pageTitle: "  Padded ").windowTitle, "Padded")
    }

    func testButtonsActOnlyWhenTheyCan() {
        let idle = NavigationState(uri: "file:///a.html", canGoBack: true, canGoForward: false)
        XCTAssertTrue(idle.isBackEnabled)
        XCTAssertFalse(idle.isForwardEnabled)
        XCTAssertTrue(idle.isReloadEnabled)
        XCTAssertFalse(idle.reloadActsAsStop)
        XCTAssertFalse(idle.isProgressVisible)

        let loading = NavigationState(uri: nil, canGoForward: true, isLoading: true, progress: 0.3)
        XCTAssertFalse(loading.isBackEnabled)
        XCTAssertTrue(loading.isForwardEnabled)
        XCTAssertTrue(loading.reloadActsAsStop)
        XCTAssertTrue(loading.isReloadEnabled)
        XCTAssertTrue(loading.isProgressVisible)

        XCTAssertFalse(NavigationState().isReloadEnabled, "nothing to reload before the first load")
    }
}
