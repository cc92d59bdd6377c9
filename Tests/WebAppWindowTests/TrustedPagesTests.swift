import Foundation
@testable import WebAppWindow
import WebOrigin
import XCTest

final class TrustedPagesTests: XCTestCase {
    func testEachKindStandsForTheRightPages() {
        let directory = TrustedPages.directory(URL(fileURLWithPath: "/home/me/site"))
        XCTAssertTrue(directory.callers.allows("file:///home/me/site/index.html"))
        XCTAssertTrue(directory.callers.allows("file:///home/me/site/sub/page.html"))
        XCTAssertFalse(directory.callers.allows("file:///home/me/site-other/index.html"))
        XCTAssertFalse(directory.callers.allows("file:///home/me/index.html"))

        let origin = TrustedPages.origin("http://127.0.0.1:8080")
        XCTAssertTrue(origin.callers.allows("http://127.0.0.1:8080/app/"))
        XCTAssertFalse(origin.callers.allows("http://127.0.0.1:8081/"))
        XCTAssertEqual(TrustedPages.origin(Origin(scheme: "https", host: "example.org")), .origin("https://example.org"))
        XCTAssertTrue(TrustedPages.origin("not an origin").callers.scopes.isEmpty, "text naming no origin trusts nothing")
    }

    func testTheSuggestionIsTheCallThatTrustsThePage() {
        XCTAssertEqual(TrustedPages.suggestion(for: "http://localhost:3000/app/index.html"),
                       "window.trust(.origin(\"http://localhost:3000\"))")
        XCTAssertEqual(TrustedPages.suggestion(for: "file:///home/me/site/index.html"),
                       "window.trust(.directory(URL(fileURLWithPath: \"/home/me/site\")))")
        XCTAssertNil(TrustedPages.suggestion(for: "about:blank"))
    }
}
