import TestHelpers
import GtkWidgets
import XCTest

#if GTK4
/// A notice (a toast on GTK 4) shows its text as it is: a page's URI in it is text, never
/// markup. GTK 3's notices are message dialogs, whose texts GTK takes as plain text.
final class WindowNoticeTests: GTKTestCase {
    func testAToastShowsAHostileURIAsPlainText() {
        gtkTest {
            let window = Window(title: "notice", width: 480, height: 240)
            window.showAll()
            let uri = "https://example.com/?a=1&b=2&amp;<b>bold</b><span foreground=\"red\">x</span>&#60;"
            Window.showNotice(title: "No program can open this link", message: "\(uri)\nsecond line", over: window)
            let expected = "No program can open this link: \(uri) — second line"
            XCTAssertEqual(window.shownNotices, [expected])
            try await waitUntil("the toast shows the URI as it is") {
                WidgetTreeReading.labels(in: window.widget).contains(expected)
            }
            window.close()
        }
    }
}
#endif
