import WebPolicy
import XCTest

/// Ctrl+plus and Ctrl+minus step through fixed levels, clamped at both ends.
final class ZoomTests: XCTestCase {
    func testZoomStepsThroughLevelsAndStopsAtTheEnds() {
        XCTAssertEqual(Zoom.larger(than: 1), 1.1)
        XCTAssertEqual(Zoom.smaller(than: 1), 0.9)
        XCTAssertEqual(Zoom.larger(than: 1.05), 1.1)
        XCTAssertEqual(Zoom.larger(than: 3), 3)
        XCTAssertEqual(Zoom.smaller(than: 0.3), 0.3)
    }
}
