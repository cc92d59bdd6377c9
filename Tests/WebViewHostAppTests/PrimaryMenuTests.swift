import Foundation
import TestHelpers
@testable import WebViewHostApp
import XCTest

/// The running app's primary menu and its commands, driven with real key presses (xdotool)
/// and looked at in screenshots of its window.
final class PrimaryMenuTests: XCTestCase {
    /// The demo start page's title, from the package's own `Resources/`.
    private static let startTitle = "WebViewHost demos"

    func testF10OpensTheMenuAndCtrlNCtrlPAndCtrlQuestionOpenTheirWindows() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable(for: Self.self))
        let shots = TestDirectory()
        let resources = InstalledApp.packageRoot.appendingPathComponent("Resources").path
        let app = try host.launch(environment: ["WEBVIEWHOST_RESOURCES": resources])
        let window = try XCTUnwrap(try X11Windows.waitFor(Self.startTitle), "no start page window: \(app.printed)")

        try Screenshots.waitForPage(in: window)
        // F10 opens the menu's popover over the page, F10 again closes it.
        let start = try Screenshots.settled(window, into: shots.url, name: "start")
        try X11Windows.press("F10", in: window)
        let open = try Screenshots.settled(window, into: shots.url, name: "menu-open")
        XCTAssertGreaterThan(try Screenshots.differingPixels(start, open), 20_000, "F10 showed no menu")
        if ProcessInfo.processInfo.environment["WEBVIEWHOST_UPDATE_SCREENSHOTS"] == "1" {
            let docs = InstalledApp.packageRoot.appendingPathComponent("docs/primary-menu.png")
            try? FileManager.default.removeItem(at: docs)
            try FileManager.default.copyItem(at: open, to: docs)
        }
        try X11Windows.press("F10", in: window)
        let closed = try Screenshots.settled(window, into: shots.url, name: "menu-closed")
        // The page's overlay scrollbar, at the right edge, may fade in and out meanwhile.
        XCTAssertLessThan(try Screenshots.differingPixels(start, closed, region: "990x760+0+0"), 500, "F10 did not close the menu")

        // Ctrl+?: GTK's Keyboard Shortcuts window; Escape closes it.
        try X11Windows.press("ctrl+question", in: window)
        let shortcuts = try XCTUnwrap(try X11Windows.waitFor("Keyboard Shortcuts"), "Ctrl+? opened no shortcuts window")
        XCTAssertEqual(try X11Windows.pid(of: shortcuts), app.pid)
        _ = try Screenshots.settled(shortcuts, into: shots.url, name: "shortcuts")
        try X11Windows.press("Escape", in: shortcuts)
        XCTAssertNotNil(poll(timeout: 10) { (try? X11Windows.named("Keyboard Shortcuts"))?.isEmpty == true ? true : nil })

        // Ctrl+P: GTK's print dialog, over the page; Escape cancels it and the app runs on.
        try X11Windows.press("ctrl+p", in: window)
        let dialog = try XCTUnwrap(try X11Windows.waitFor("Print"), "Ctrl+P opened no print dialog")
        XCTAssertEqual(try X11Windows.pid(of: dialog), app.pid)
        try X11Windows.press("Escape", in: dialog)
        XCTAssertNotNil(poll(timeout: 10) { (try? X11Windows.named("Print"))?.isEmpty == true ? true : nil })

        // Ctrl+N: a second window of the same app, on the start page.
        try X11Windows.press("ctrl+n", in: window)
        let windows = poll(timeout: 20) { () -> [String]? in
            let found = (try? X11Windows.named(Self.startTitle)) ?? []
            return found.count == 2 ? found : nil
        }
        XCTAssertEqual(try windows?.map { try X11Windows.pid(of: $0) }, [app.pid, app.pid], "Ctrl+N opened no window")

        try X11Windows.press("ctrl+q", in: window)
        XCTAssertEqual(app.waitForExit(), 0, "the app did not quit: \(app.printed)")
    }

    func testAboutShowsTheVersionThePackageIsReleasedAs() throws {
        XCTAssertEqual(HostApplication.about.version, try InstalledApp.newestRelease(),
                       "the About dialog's version and the metainfo's newest release differ")
        XCTAssertEqual(HostApplication.about.licence, .mit)
        let metainfo = try String(contentsOf: InstalledApp.metainfo, encoding: .utf8)
        XCTAssertTrue(metainfo.contains("<project_license>MIT</project_license>"))
        XCTAssertTrue(metainfo.contains("<url type=\"homepage\">\(HostApplication.about.website ?? "")</url>"))
    }
}
