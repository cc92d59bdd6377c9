import Foundation
import TestHelpers
import XCTest

/// `webview-host 'file:///…/page.html?query'` opens the file and the page sees its query,
/// on the first launch and when a later launch hands it to the running app.
final class FileURLQueryTests: XCTestCase {
    func testAFileURLWithAQueryOpensTheFileOnTheCommandLine() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable(for: Self.self))
        let pages = TestDirectory()
        let page = pages.write("page.html", "<title>waiting</title><script>document.title = 'page ' + location.search</script>")
        let first = try host.launch([page.absoluteString + "?mode=first"])
        let window = try XCTUnwrap(try X11Windows.waitFor("page ?mode=first"),
                                   "the file did not open with its query: \(first.printed)")
        let second = try host.launch([page.absoluteString + "?mode=second%20launch&n=2"])
        XCTAssertEqual(second.waitForExit(), 0, second.printed)
        XCTAssertNotNil(try X11Windows.waitFor("page ?mode=second%20launch&n=2"),
                        "the running app did not open the file with its query: \(first.printed)")
        try X11Windows.press("ctrl+q", in: window)
        XCTAssertEqual(first.waitForExit(), 0, first.printed)
    }
}
