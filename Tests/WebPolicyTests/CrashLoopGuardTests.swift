import WebPolicy
import XCTest

/// A crash is reloaded by itself once; one soon after the last stops, and old crashes are forgotten.
final class CrashLoopGuardTests: XCTestCase {
    func testTheSecondCrashWithinTheWindowStops() {
        var guardian = CrashLoopGuard(window: .seconds(60), automaticReloads: 1)
        let start = ContinuousClock.now
        XCTAssertEqual(guardian.crashed(at: start), .reload)
        XCTAssertEqual(guardian.crashed(at: start + .seconds(30)), .stop(crashes: 2))
        // The user's Reload crashes it again: still no load by itself.
        XCTAssertEqual(guardian.crashed(at: start + .seconds(40)), .stop(crashes: 3))
    }

    func testCrashesFurtherApartThanTheWindowAreEachReloaded() {
        var guardian = CrashLoopGuard(window: .seconds(60), automaticReloads: 1)
        let start = ContinuousClock.now
        XCTAssertEqual(guardian.crashed(at: start), .reload)
        XCTAssertEqual(guardian.crashed(at: start + .seconds(61)), .reload)
        XCTAssertEqual(guardian.crashed(at: start + .seconds(130)), .reload)
    }

    func testNoAutomaticReloadsStopsAtTheFirstCrash() {
        var guardian = CrashLoopGuard(automaticReloads: 0)
        XCTAssertEqual(guardian.crashed(), .stop(crashes: 1))
    }

    func testTheErrorPageNamesItsAction() {
        let page = ErrorPage.html(title: "t", message: "m", detail: "d", retryURI: "https://example.com/", action: "Reload")
        XCTAssertTrue(page.contains(#"id="retry" href="https://example.com/">Reload</a>"#), page)
        XCTAssertTrue(ErrorPage.html(title: "t", message: "m", detail: "d", retryURI: "x", action: "Retry").contains(">Retry</a>"))
    }
}
