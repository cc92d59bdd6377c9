import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// Every `AppWindow` has GNOME's primary menu and its keys, shaped by the app's configuration.
final class AppWindowCommandsTests: GTKTestCase {
    func testTheMenuFollowsTheWindowsToolsAndAbout() {
        gtkTest {
            let about = AboutInfo(name: "Notes", version: "1.2.3", licence: .mit)
            let full = AppWindow(configuration: AppWindowConfiguration(appName: "Notes", width: 480, height: 360, about: about))
            XCTAssertEqual(full.commands.menu.itemTitles,
                           ["New Window", "Find…", "Print…", "Full Screen", "Keyboard Shortcuts", "About Notes"])
            XCTAssertEqual(full.commands.zoom?.levelText, "100%")
            let bare = AppWindow(configuration: AppWindowConfiguration(appName: "Bare", width: 480, height: 360, tools: []))
            XCTAssertEqual(bare.commands.menu.itemTitles, ["New Window", "Print…", "Full Screen", "Keyboard Shortcuts"])
            XCTAssertNil(bare.commands.zoom)
            full.close()
            bare.close()
        }
    }

    /// A browser's window lists the navigation keys too; an app's window binds none of them.
    func testTheShortcutsWindowListsEveryKeyTheWindowAndTheAppBind() {
        gtkTest {
            for mode in [AppWindowMode.browser, .app] {
                let window = AppWindow(configuration: AppWindowConfiguration(appName: "Keys", width: 480, height: 360, mode: mode) { window in
                    window.shortcuts.add(["<Control>e"], title: "Export", group: "Notes") { true }
                })
                let shown = window.commands.showShortcuts().entries.map(\.title)
                XCTAssertEqual(shown.sorted(), window.shortcuts.listed.map(\.title).sorted())
                for title in ["Close the window", "Quit", "Zoom in", "Zoom out", "Reset zoom", "Find in page", "Print",
                              "New window", "Full screen", "Open the menu", "Keyboard shortcuts", "Export"] {
                    XCTAssertTrue(shown.contains(title), "\(title) missing from \(shown)")
                }
                for title in ["Back", "Forward", "Reload", "Stop loading"] {
                    XCTAssertEqual(shown.contains(title), mode == .browser, "\(title) in \(mode): \(shown)")
                }
                window.commands.shortcutsWindow?.destroy()
                window.close()
            }
        }
    }

    /// F11 toggles full screen, and the title bar leaves the screen with it as a browser's does
    /// (GTK hides a window's own title bar; on GTK 4 the bar is the `AdwWindow`'s content).
    func testF11PressedOnTheWindowTogglesFullScreenWithoutTheTitleBar() throws {
        let windowManager = try WindowManager()
        defer { withExtendedLifetime(windowManager) {} }
        gtkTest(timeout: 40) {
            let title = "Full screen \(UUID().uuidString.prefix(8))"
            let window = AppWindow(configuration: AppWindowConfiguration(appName: title, width: 480, height: 360))
            window.show()
            defer { window.close() }
            for expected in [true, false] {
                try await Task.detached {
                    let id = try XCTUnwrap(try poll(timeout: 10) { try Screenshots.windowID(titled: title) })
                    try runTool("/usr/bin/xdotool", ["windowfocus", "--sync", id])
                    try runTool("/usr/bin/xdotool", ["key", "--clearmodifiers", "F11"])
                }.value
                try await waitUntil("full screen \(expected)") { window.window.isFullscreen == expected }
                try await waitUntil("title bar on screen: \(!expected)") { window.headerBar.isOnScreen == !expected }
            }
        }
    }
}
