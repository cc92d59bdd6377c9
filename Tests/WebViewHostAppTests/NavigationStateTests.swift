import WebAppWindow
import XCTest

final class NavigationStateTests: XCTestCase {
    func testWindowTitleFallsBackToTheAppName() {
        XCTAssertEqual(NavigationState(appName: "WebViewHost", pageTitle: "Docs").windowTitle, "Docs")
        XCTAssertEqual(NavigationState(appName: "WebViewHost", pageTitle: nil).windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(appName: "WebViewHost", pageTitle: "").windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(appName: "WebViewHost", pageTitle: "  \n").windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(appName: "WebViewHost", pageTitle: "  Padded ").windowTitle, "Padded")
    }

    func testButtonsActOnlyWhenTheyCan() {
        let idle = NavigationState(appName: "WebViewHost", uri: "file:///a.html", canGoBack: true, canGoForward: false)
        XCTAssertTrue(idle.isBackEnabled)
        XCTAssertFalse(idle.isForwardEnabled)
        XCTAssertTrue(idle.isReloadEnabled)
        XCTAssertFalse(idle.reloadActsAsStop)
        XCTAssertFalse(idle.isProgressVisible)

        let loading = NavigationState(appName: "WebViewHost", uri: nil, canGoForward: true, isLoading: true, progress: 0.3)
        XCTAssertFalse(loading.isBackEnabled)
        XCTAssertTrue(loading.isForwardEnabled)
        XCTAssertTrue(loading.reloadActsAsStop)
        XCTAssertTrue(loading.isReloadEnabled)
        XCTAssertTrue(loading.isProgressVisible)

        XCTAssertFalse(NavigationState(appName: "WebViewHost").isReloadEnabled, "nothing to reload before the first load")
    }
}
