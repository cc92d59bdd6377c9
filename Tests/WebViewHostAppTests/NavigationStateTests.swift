import WebViewHostApp
import XCTest

final class NavigationStateTests: XCTestCase {
    func testWindowTitleFallsBackToTheAddressThenTheAppName() {
        XCTAssertEqual(NavigationState(pageTitle: "Docs", uri: "https://example.com/").windowTitle, "Docs")
        XCTAssertEqual(NavigationState(pageTitle: nil).windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(pageTitle: "", uri: "about:blank").windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(pageTitle: "  \n").windowTitle, "WebViewHost")
        XCTAssertEqual(NavigationState(pageTitle: "  Padded ").windowTitle, "Padded")
        XCTAssertEqual(NavigationState(pageTitle: nil, uri: "http://127.0.0.1:8080/a?b").windowTitle, "http://127.0.0.1:8080/a?b")
        XCTAssertEqual(NavigationState(pageTitle: " ", uri: "file:///tmp/x.html").windowTitle, "file:///tmp/x.html")
    }

    func testSubtitleNamesTheOriginAndWhetherTheConnectionIsSecure() {
        XCTAssertEqual(NavigationState(uri: "https://example.com/docs?q=1").subtitle, "example.com — Secure connection")
        XCTAssertEqual(NavigationState(uri: "https://Example.com:8443/").subtitle, "example.com:8443 — Secure connection")
        XCTAssertEqual(NavigationState(uri: "http://127.0.0.1:8080/page.html").subtitle, "127.0.0.1:8080 — Not secure")
        XCTAssertEqual(NavigationState(uri: "http://user:pw@example.com/").subtitle, "example.com — Not secure")
        XCTAssertEqual(NavigationState(uri: "file:///home/me/My%20Page.html#top").subtitle, "/home/me/My Page.html — Local file")
        XCTAssertEqual(NavigationState(uri: "file://localhost/srv/a.html").subtitle, "/srv/a.html — Local file")
        XCTAssertNil(NavigationState(uri: "app://localhost/index.html").subtitle, "the app's own pages need no origin line")
        XCTAssertNil(NavigationState(uri: "about:blank").subtitle)
        XCTAssertNil(NavigationState(uri: nil).subtitle)
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
