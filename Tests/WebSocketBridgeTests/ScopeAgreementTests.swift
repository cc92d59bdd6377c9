import WebBridge
import WebKitGTK
import WebOrigin
import XCTest

/// One rule for a page's scope (its origin, or for a `file:` page its directory) in the three
/// places that judge it: which pages load in the window (`NavigationPolicy`), which may call
/// the bridge (`CallerPolicy`) and which share a relayed WebSocket connection. File names are
/// bytes, so two spellings of the same bytes are one directory and nothing else is.
final class ScopeAgreementTests: XCTestCase {
    func testTheWindowTheBridgeAndTheRelayAgreeOnAPagesScope() {
        // The page the app names; another page; whether that other page is in the first one's scope.
        let table: [(page: String, other: String, shared: Bool)] = [
            ("http://127.0.0.1:80/a.html", "http://127.0.0.1/b.html", true),
            ("https://Example.org/", "https://example.org:443/x", true),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8081/", false),
            ("file:///tmp/site/index.html", "file:///tmp/site/other.html", true),
            ("file:///tmp/site/index.html", "file://localhost/tmp/site/other.html", true),
            ("file:///tmp/d%E9/index.html", "file:///tmp/d%e9/other.html", true),
            ("file:///tmp/caf%C3%A9/index.html", "file:///tmp/café/other.html", true),
            ("file:///tmp/d%E9/index.html", "file:///tmp/d%E8/other.html", false),
            ("file:///tmp/d%E9/index.html", "file:///tmp/d%25E9/other.html", false),
            ("file:///tmp/site/index.html", "file:///tmp/site/..%2Fother/x.html", false),
            ("file:///tmp/site/../index.html", "file:///tmp/site/../other.html", false),
            ("file://server/share/index.html", "file://server/share/other.html", false),
        ]
        for (page, other, shared) in table {
            var navigation = NavigationPolicy()
            navigation.allow(uri: page)
            XCTAssertEqual(navigation.allowsInWindow(other), shared, "window: \(other) from \(page)")
            XCTAssertEqual(CallerPolicy.page(page).allows(other), shared, "bridge: \(other) from \(page)")
            let scope = PageScope(pageURI: page)
            XCTAssertEqual(scope != nil && scope == PageScope(pageURI: other), shared, "relay: \(other) from \(page)")
        }
    }
}
