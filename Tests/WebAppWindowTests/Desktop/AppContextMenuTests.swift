import CWebKitGTKHelpers
import Foundation
import GLibCore
import TestHelpers
import WebAppWindow
@testable import WebKitGTK
import XCTest

/// The context menu of an app's window, opened for real (a right-click through xdotool) over a
/// link: none of the browser's items, the app's own item last, and choosing it (Up, Return in
/// the open menu) runs the app's handler with the link it was opened on.
final class AppContextMenuTests: GTKTestCase {
    private static let page = """
        <title>Menu</title>
        <body style="margin:0"><a href="app://localhost/other.html" style="display:block;width:100vw;height:100vh">a link</a></body>
        """

    func testTheAppsItemReachesItsHandlerAndNoBrowserItemIsShown() {
        gtkTest(timeout: 60) {
            var chosen: [ContextMenuTarget] = []
            let configuration = AppWindowConfiguration(appName: "Menu", width: 400, height: 300) { window in
                window.contextMenu.add(ContextMenuItem(id: "hello", title: "Say Hello") { chosen.append($0) })
                window.contextMenu.add(ContextMenuItem(id: "gone", title: "Removed") { _ in XCTFail("a removed item ran") })
                window.contextMenu.remove(id: "gone")
            }
            let app = try AppPageWindow(pages: ["index.html": Self.page, "other.html": "other"], configuration: configuration)
            defer { app.close() }
            try await app.load("index.html")
            // Connected after the window's own handlers, so it sees the menu as they left it.
            var shown: [(action: UInt32, actionName: String)] = []
            // Through the view's own connection, which knows the signal's shape on each WebKit.
            let recorder = app.window.webView.onContextMenu { menu, _ in
                shown = Self.items(of: menu)
                return false
            }
            defer { _ = recorder }
            let id = try await app.x11Window()
            // A click that reaches a window not yet ready for it is lost: click until a menu is built.
            var clicks = 0
            while shown.isEmpty && clicks < 5 {
                clicks += 1
                try await app.xdotool(["mousemove", "--window", id, "200", "150"])
                try await app.xdotool(["click", "3"])
                try? await waitUntil(timeout: 4, "the context menu was built") { !shown.isEmpty }
            }
            XCTAssertFalse(shown.isEmpty, "no context menu after \(clicks) right-clicks")
            // The app's one item (the removed one is not there), last; WebKit's stand-in for
            // "Open Link in New Window" (a custom item too) is gone.
            let custom = WEBKIT_CONTEXT_MENU_ACTION_CUSTOM.rawValue
            XCTAssertEqual(shown.filter { $0.action == custom }.count, 1, "\(shown)")
            XCTAssertEqual(shown.last?.action, custom)
            let browserActions: [WebKitContextMenuAction] = [
                WEBKIT_CONTEXT_MENU_ACTION_OPEN_LINK, WEBKIT_CONTEXT_MENU_ACTION_OPEN_LINK_IN_NEW_WINDOW,
                WEBKIT_CONTEXT_MENU_ACTION_DOWNLOAD_LINK_TO_DISK, WEBKIT_CONTEXT_MENU_ACTION_GO_BACK,
                WEBKIT_CONTEXT_MENU_ACTION_GO_FORWARD, WEBKIT_CONTEXT_MENU_ACTION_RELOAD, WEBKIT_CONTEXT_MENU_ACTION_STOP,
            ]
            for action in browserActions {
                XCTAssertFalse(shown.contains { $0.action == action.rawValue }, "browser item \(action.rawValue) shown: \(shown)")
            }
            XCTAssertFalse(shown.contains { $0.actionName == "open-link-in-new-window" }, "\(shown)")
            XCTAssertTrue(shown.contains { $0.action == WEBKIT_CONTEXT_MENU_ACTION_COPY_LINK_TO_CLIPBOARD.rawValue },
                          "copying the link is an app's item too: \(shown)")
            // The open menu has the keyboard: Up selects its last item, Return chooses it.
            try await Task.sleep(nanoseconds: 300_000_000)
            try await app.xdotool(["key", "Up"])
            try await app.xdotool(["key", "Return"])
            try await waitUntil("the app's item ran") { !chosen.isEmpty }
            XCTAssertEqual(chosen, [ContextMenuTarget(linkURI: "app://localhost/other.html")])
            XCTAssertEqual(app.window.webView.uri, "app://localhost/index.html")
        }
    }

    /// Each item's stock action and the name of its `GAction` (empty for WebKit's own items).
    private static func items(of menu: UnsafeMutablePointer<WebKitContextMenu>) -> [(action: UInt32, actionName: String)] {
        var items: [(UInt32, String)] = []
        var node = webkit_context_menu_get_items(menu)
        while let current = node {
            let item = current.pointee.data.assumingMemoryBound(to: WebKitContextMenuItem.self)
            let name = webkit_context_menu_item_get_gaction(item).flatMap { string(g_action_get_name($0)) } ?? ""
            items.append((webkit_context_menu_item_get_stock_action(item).rawValue, name))
            node = current.pointee.next
        }
        return items
    }
}
