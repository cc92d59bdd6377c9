import CWebKitGTKHelpers
import Foundation
import ScriptMessaging
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// The commands every window gets from `WindowCommands`: the primary menu, printing, the
/// Keyboard Shortcuts window, About, zoom, and the find bar's answers — on real GTK widgets
/// and a real WebKit view.
final class WindowCommandsTests: GTKTestCase {
    private static let about = AboutInfo(name: "Probe", version: "9.8.7", comments: "A test app",
                                         website: "https://example.org/probe", licence: .apache2, iconName: "probe")

    @MainActor
    private static func makeCommands(_ host: TestWindow) -> (WindowCommands, KeyboardShortcuts, FindBar) {
        let shortcuts = KeyboardShortcuts(window: host.window)
        let findBar = FindBar(find: FindInPage(webView: host.view))
        return (WindowCommands(window: host.window, webView: host.view, shortcuts: shortcuts, findBar: findBar,
                               about: Self.about), shortcuts, findBar)
    }

    func testPrintingToAPDFFileWritesThePagesText() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let host = TestWindow()
            defer { host.close() }
            try await host.loadHTML("<h1>Quarterly numbers</h1><p>Printed by WebViewHost tangerine</p>")
            let pdf = files.url.appendingPathComponent("page.pdf")
            try await PrintOperation(webView: host.view).printToPDF(pdf)
            let data = try Data(contentsOf: pdf)
            XCTAssertEqual(data.prefix(5), Data("%PDF-".utf8))
            let text = try runTool("/usr/bin/pdftotext", [pdf.path, "-"])
            XCTAssertEqual(text.status, 0, "pdftotext (poppler-utils) failed: \(text.output)")
            XCTAssertTrue(text.output.contains("Quarterly numbers"), text.output)
            XCTAssertTrue(text.output.contains("Printed by WebViewHost tangerine"), text.output)
        }
    }

    func testPrintingToAFolderThatDoesNotExistFailsWithGTKsError() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let host = TestWindow()
            defer { host.close() }
            try await host.loadHTML("<p>nowhere</p>")
            do {
                try await PrintOperation(webView: host.view).printToPDF(files.url.appendingPathComponent("no/such/dir/page.pdf"))
                XCTFail("printed into a missing folder")
            } catch let error as GLibError {
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }

    func testTheShortcutsWindowListsEveryKeyTheWindowBinds() {
        gtkTest {
            let host = TestWindow()
            defer { host.close() }
            let (commands, shortcuts, _) = Self.makeCommands(host)
            shortcuts.add(["<Alt>Left"], title: "Back", group: "Navigation") { true }
            shortcuts.add(KeyboardShortcuts.zoomIn) { true }
            shortcuts.add(["<Control>w", "<Control>q"], title: "Close", group: "Window") { true }
            // A later binding of Ctrl+Q wins, and only it is listed for Ctrl+Q.
            shortcuts.add(["<Control>q"], title: "Quit", group: "Window") { true }

            let window = commands.showShortcuts()
            let shown = window.entries.map { "\($0.accelerator) = \($0.title)" }
            let bound = shortcuts.listed.map { "\($0.accelerators.joined(separator: " ")) = \($0.title)" }
            XCTAssertEqual(Set(shown), Set(bound))
            XCTAssertEqual(shown.count, bound.count)
            for expected in ["<Control>n = New window", "<Control>p = Print", "F11 = Full screen", "F10 = Open the menu",
                             "<Control>question = Keyboard shortcuts", "<Control>f = Find in page", "<Alt>Left = Back",
                             "<Control>w = Close", "<Control>q = Quit",
                             "<Control>plus <Control>equal <Control>KP_Add = Zoom in"] {
                XCTAssertTrue(shown.contains(expected), "\(expected) missing from \(shown)")
            }
            XCTAssertFalse(shown.contains("<Control>w <Control>q = Close"), "Ctrl+Q listed under the binding it lost")
            window.destroy()
        }
    }

    func testAboutNamesTheAppItsVersionLicenceAndWebsite() {
        gtkTest {
            let host = TestWindow()
            defer { host.close() }
            let (commands, _, _) = Self.makeCommands(host)
            XCTAssertTrue(commands.menu.activateItem(titled: "About Probe"))
            let dialog = try XCTUnwrap(commands.aboutDialog)
            XCTAssertEqual(dialog.shown, Self.about)
            XCTAssertTrue(dialog.isVisible)
            dialog.destroy()
        }
    }

    func testTheMenuListsTheCommandsAndItsZoomRowFollowsTheLevel() {
        gtkTest {
            let host = TestWindow()
            defer { host.close() }
            let (commands, shortcuts, findBar) = Self.makeCommands(host)
            XCTAssertEqual(commands.menu.itemTitles,
                           ["New Window", "Find…", "Print…", "Full Screen", "Keyboard Shortcuts", "About Probe"])
            let zoom = try XCTUnwrap(commands.zoom)
            XCTAssertEqual(zoom.levelText, "100%")
            zoom.click(.zoomIn)
            XCTAssertEqual(host.view.zoomLevel, 1.1, accuracy: 0.001)
            XCTAssertEqual(zoom.levelText, "110%")
            // The row follows the level however it changes: here the keys' own action.
            host.view.zoomOut(); host.view.zoomOut()
            XCTAssertEqual(zoom.levelText, "90%")
            zoom.click(.level)
            XCTAssertEqual(zoom.levelText, "100%")
            zoom.click(.zoomOut)
            XCTAssertEqual(zoom.levelText, "90%")

            var newWindows = 0
            commands.onNewWindow = { newWindows += 1 }
            XCTAssertTrue(commands.menu.activateItem(titled: "New Window"))
            XCTAssertTrue(shortcuts.handle(keyval: UInt32(GDK_KEY_n), modifiers: GDK_CONTROL_MASK.rawValue))
            XCTAssertEqual(newWindows, 2)
            XCTAssertFalse(findBar.isRevealed)
            XCTAssertTrue(commands.menu.activateItem(titled: "Find…"))
            XCTAssertFalse(commands.menu.activateItem(titled: "Preferences"))

            // F10 opens the menu and closes it again. GTK 4 opens a popover only from a window
            // (it is a surface of the window's): the menu goes where an app window has it.
            #if GTK4
            let bar = HeaderBar()
            bar.packEnd(commands.menu)
            host.window.setTitleBar(bar)
            #endif
            XCTAssertTrue(shortcuts.handle(keyval: UInt32(GDK_KEY_F10), modifiers: 0))
            XCTAssertTrue(commands.menu.isOpen)
            XCTAssertTrue(shortcuts.handle(keyval: UInt32(GDK_KEY_F10), modifiers: 0))
            XCTAssertFalse(commands.menu.isOpen)
        }
    }

    func testAWindowWithoutFindZoomOrAboutOffersNone() {
        gtkTest {
            let host = TestWindow()
            defer { host.close() }
            let shortcuts = KeyboardShortcuts(window: host.window)
            let commands = WindowCommands(window: host.window, webView: host.view, shortcuts: shortcuts, showsZoom: false)
            XCTAssertEqual(commands.menu.itemTitles, ["New Window", "Print…", "Full Screen", "Keyboard Shortcuts"])
            XCTAssertNil(commands.zoom)
            XCTAssertNil(commands.showAbout())
            XCTAssertFalse(shortcuts.handle(keyval: UInt32(GDK_KEY_f), modifiers: GDK_CONTROL_MASK.rawValue))
            XCTAssertFalse(shortcuts.listed.contains { $0.title == KeyboardShortcuts.find.title })
        }
    }

    func testNoMatchTurnsTheFindEntryRedAndTheCurrentMatchIsTheSelection() {
        let shots = TestDirectory()
        let file = shots.url.appendingPathComponent("find.png")
        gtkTest {
            let host = TestWindow()
            host.window.title = "find \(UUID().uuidString.prefix(8))"
            defer { host.close() }
            /// The pixels of WebKit's yellow match highlight in the window now.
            @MainActor func highlighted() async throws -> Int {
                let title = host.window.title
                return try await Task.detached {
                    try Screenshots.capture(try XCTUnwrap(try Screenshots.windowID(titled: title)), to: file)
                    return try Screenshots.pixels(of: "#ffff00", in: file)
                }.value
            }
            let (_, _, findBar) = Self.makeCommands(host)
            try await host.loadHTML("<p style='font-size:30px'><span id=a>apple</span> pie, <span id=b>apple</span> tart, <span id=c>Apple</span> juice</p>")
            findBar.reveal()
            findBar.searchText = "pear"
            try await waitUntil("no matches") { findBar.matchCountText == "No matches" }
            XCTAssertTrue(findBar.showsNoMatches, "the entry is not red")

            findBar.searchText = "apple"
            try await waitUntil("counted") { findBar.matchCountText == "3 matches" }
            XCTAssertFalse(findBar.showsNoMatches, "the entry stayed red")
            // The other matches stay highlighted while the first is the selection (counting them
            // must not clear the highlights).
            var yellow = 0
            for _ in 0..<40 where yellow < 1000 {
                yellow = try await highlighted()
                try await Task.sleep(nanoseconds: 250_000_000)
            }
            XCTAssertGreaterThan(yellow, 1000, "the other matches are not highlighted")
            func current() async throws -> JSONValue? {
                try await host.view.evaluateJavaScript("getSelection().anchorNode?.parentElement?.id ?? null")
            }
            var seen: JSONValue?
            try await waitUntil("first match selected") {
                Task { seen = try await current() }
                return seen == .string("a")
            }
            // Enter steps to the next match, wrapping around after the last.
            for expected in ["b", "c", "a"] {
                findBar.find.next()
                try await waitUntil("match \(expected) selected") {
                    Task { seen = try await current() }
                    return seen == .string(expected)
                }
            }
            findBar.find.previous()
            try await waitUntil("wrapped back to c") {
                Task { seen = try await current() }
                return seen == .string("c")
            }
            let stillYellow = try await highlighted()
            XCTAssertGreaterThan(stillYellow, 1000, "stepping through the matches cleared their highlights")
            findBar.searchText = ""
            XCTAssertFalse(findBar.showsNoMatches)
        }
    }

    func testF11TogglesFullScreen() throws {
        let windowManager = try WindowManager()
        defer { withExtendedLifetime(windowManager) {} }
        gtkTest {
            let host = TestWindow()
            defer { host.close() }
            let (commands, shortcuts, _) = Self.makeCommands(host)
            defer { withExtendedLifetime(commands) {} }
            XCTAssertFalse(host.window.isFullscreen)
            // Full screen is the window manager's to grant: ask once it has mapped the window.
            try await waitUntil("the window manager mapped the window") { gtk_widget_get_mapped(host.window.widget) != 0 }
            XCTAssertTrue(shortcuts.handle(keyval: UInt32(GDK_KEY_F11), modifiers: 0))
            try await waitUntil("full screen") { host.window.isFullscreen }
            XCTAssertTrue(shortcuts.handle(keyval: UInt32(GDK_KEY_F11), modifiers: 0))
            try await waitUntil("not full screen") { !host.window.isFullscreen }
        }
    }
}
