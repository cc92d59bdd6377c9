import WebAppWindow
import XCTest

final class NavigationStateTests: XCTestCase {
    func testWindowTitleFallsBackToTheAddressThenTheAppName() {
        func title(_ page: String?, _ uri: String? = nil) -> String {
            NavigationState(appName: "WebViewHost", pageTitle: page, uri: uri).windowTitle
        }
        XCTAssertEqual(title("Docs", "https://example.com/"), "Docs")
        XCTAssertEqual(title(nil), "WebViewHost")
        XCTAssertEqual(title("", "about:blank"), "WebViewHost")
        XCTAssertEqual(title("  \n"), "WebViewHost")
        XCTAssertEqual(title("  Padded "), "Padded")
        XCTAssertEqual(title(nil, "http://127.0.0.1:8080/a?b"), "http://127.0.0.1:8080/a?b")
        XCTAssertEqual(title(" ", "file:///tmp/x.html"), "file:///tmp/x.html")
    }

    func testSubtitleNamesTheOriginAndWhetherTheConnectionIsSecure() {
        func subtitle(_ uri: String?) -> String? { NavigationState(appName: "WebViewHost", uri: uri).subtitle }
        XCTAssertEqual(subtitle("https://example.com/docs?q=1"), "example.com — Secure connection")
        XCTAssertEqual(subtitle("https://Example.com:8443/"), "example.com:8443 — Secure connection")
        XCTAssertEqual(subtitle("http://127.0.0.1:8080/page.html"), "127.0.0.1:8080 — Not secure")
        XCTAssertEqual(subtitle("http://user:pw@example.com/"), "example.com — Not secure")
        XCTAssertEqual(subtitle("file:///home/me/My%20Page.html#top"), "/home/me/My Page.html — Local file")
        XCTAssertEqual(subtitle("file://localhost/srv/a.html"), "/srv/a.html — Local file")
        XCTAssertNil(subtitle("app://localhost/index.html"), "the app's own pages need no origin line")
        XCTAssertNil(subtitle("about:blank"))
        XCTAssertNil(subtitle(nil))
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
