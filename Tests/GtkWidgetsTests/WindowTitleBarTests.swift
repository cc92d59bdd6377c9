import CGtkHelpers
import TestHelpers
import GtkWidgets
import XCTest

/// A window's title bar: the app's own header bar once set, and on GTK 4 libadwaita's window
/// with a header bar of its own until then (an `AdwWindow` draws none).
final class WindowTitleBarTests: GTKTestCase {
    func testTheAppsHeaderBarIsTheWindowsOnlyTitleBar() {
        gtkTest {
            let window = Window(title: "title bar", width: 320, height: 200)
            let bar = HeaderBar()
            window.setTitleBar(bar)
            window.setChild(Label("content"))
            window.showAll()
            try await waitUntil("the header bar on screen") { bar.isOnScreen }
            XCTAssertEqual(Self.headerBars(in: window.widget), [bar.widget], "one title bar, the app's")
            #if GTK4
            XCTAssertTrue(WidgetTree.isA(window.widget, adw_window_get_type()), "a libadwaita window")
            #endif
            window.close()
        }
    }

    #if GTK4
    func testAWindowWithoutATitleBarOfItsOwnGetsOneShowingItsTitle() {
        gtkTest {
            let window = Window(title: "Plain window", width: 320, height: 200)
            window.setChild(Label("content"))
            window.showAll()
            let bars = Self.headerBars(in: window.widget)
            XCTAssertEqual(bars.count, 1, "an AdwWindow needs a title bar in its content, or it has no close button")
            let bar = try XCTUnwrap(bars.first)
            try await waitUntil("the default header bar on screen") { gtk_widget_get_mapped(bar) != 0 }
            XCTAssertEqual(WidgetTreeReading.labels(in: bar), ["Plain window"], "the bar shows the window's title")
            window.close()
        }
    }
    #endif

    /// The header bars in `widget`, outermost first.
    @MainActor
    private static func headerBars(in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        #if GTK4
        WidgetTreeReading.descendants(of: widget, ofType: adw_header_bar_get_type())
        #else
        WidgetTreeReading.descendants(of: widget, ofType: gtk_header_bar_get_type())
        #endif
    }
}
