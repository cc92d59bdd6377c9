import CWebKitGTKHelpers
import GLibCore

/// A view's context menu as an app, not a browser, has it: without the browser's items
/// (back, forward, stop, reload, opening or downloading a link, image, frame or medium in a
/// new window) when `removesBrowserItems` is set, and with the app's own items at the end.
///
/// Editing (cut, copy, paste, select all, spelling), copying a link or image, media controls
/// and the inspector stay. Each item's action is made for the menu being shown, so it acts on
/// what that menu was opened on; the menu's next showing replaces them.
@MainActor
public final class AppContextMenu {
    /// Whether the browser's items are taken out of the menu.
    public var removesBrowserItems: Bool
    /// The app's items, in the order they are shown.
    public private(set) var items: [ContextMenuItem] = []
    private var connection: SignalConnection?
    /// The actions of the menu shown now, and their connections.
    private var shown: [(action: ObjectReference<GObject>, activation: SignalConnection)] = []

    /// The browser's stock actions an app window leaves out.
    private static let browserActions: Set<UInt32> = [
        WEBKIT_CONTEXT_MENU_ACTION_OPEN_LINK, WEBKIT_CONTEXT_MENU_ACTION_OPEN_LINK_IN_NEW_WINDOW,
        WEBKIT_CONTEXT_MENU_ACTION_DOWNLOAD_LINK_TO_DISK, WEBKIT_CONTEXT_MENU_ACTION_OPEN_IMAGE_IN_NEW_WINDOW,
        WEBKIT_CONTEXT_MENU_ACTION_DOWNLOAD_IMAGE_TO_DISK, WEBKIT_CONTEXT_MENU_ACTION_OPEN_FRAME_IN_NEW_WINDOW,
        WEBKIT_CONTEXT_MENU_ACTION_GO_BACK, WEBKIT_CONTEXT_MENU_ACTION_GO_FORWARD, WEBKIT_CONTEXT_MENU_ACTION_STOP,
        WEBKIT_CONTEXT_MENU_ACTION_RELOAD, WEBKIT_CONTEXT_MENU_ACTION_OPEN_VIDEO_IN_NEW_WINDOW,
        WEBKIT_CONTEXT_MENU_ACTION_OPEN_AUDIO_IN_NEW_WINDOW, WEBKIT_CONTEXT_MENU_ACTION_DOWNLOAD_VIDEO_TO_DISK,
        WEBKIT_CONTEXT_MENU_ACTION_DOWNLOAD_AUDIO_TO_DISK,
    ].reduce(into: []) { $0.insert($1.rawValue) }

    /// Edits `view`'s context menu from now on (the view held by the signal only); keep the
    /// menu as long as the view.
    public init(view: WebView, removesBrowserItems: Bool) {
        self.removesBrowserItems = removesBrowserItems
        connection = view.onContextMenu { [weak self] menu, hit in
            self?.edit(menu, target: Self.target(of: hit))
            return false
        }
    }

    /// Adds `item` at the end of the app's items; an item of the same id is replaced.
    public func add(_ item: ContextMenuItem) {
        if let index = items.firstIndex(where: { $0.id == item.id }) {
            items[index] = item
        } else {
            items.append(item)
        }
    }

    /// Takes the item `id` out of the menu; nothing happens when there is none.
    public func remove(id: String) {
        items.removeAll { $0.id == id }
    }

    private func edit(_ menu: UnsafeMutablePointer<WebKitContextMenu>, target: ContextMenuTarget) {
        shown.removeAll()
        if removesBrowserItems { removeBrowserItems(from: menu) }
        if !items.isEmpty, webkit_context_menu_get_n_items(menu) > 0 {
            webkit_context_menu_append(menu, webkit_context_menu_item_new_separator())
        }
        for (index, item) in items.enumerated() {
            let action = ObjectReference<GObject>(adopting: UnsafeMutableRawPointer(g_simple_action_new("app-item-\(index)", nil))
                .assumingMemoryBound(to: GObject.self))
            let run = item.action
            let activation = Signals.connect(action.raw, "activate") { (_: Signals.Pointer) in run(target) }
            shown.append((action, activation))
            webkit_context_menu_append(menu, webkit_context_menu_item_new_from_gaction(OpaquePointer(action.raw), item.title, nil))
        }
    }

    /// Removes the browser's items, then separators left at either end or next to each other.
    private func removeBrowserItems(from menu: UnsafeMutablePointer<WebKitContextMenu>) {
        for item in Self.items(of: menu) where isBrowserItem(item) {
            webkit_context_menu_remove(menu, item)
        }
        var previousIsSeparator = true
        for item in Self.items(of: menu) {
            let isSeparator = webkit_context_menu_item_is_separator(item) != 0
            if isSeparator && previousIsSeparator { webkit_context_menu_remove(menu, item) }
            previousIsSeparator = isSeparator
        }
        if let last = Self.items(of: menu).last, webkit_context_menu_item_is_separator(last) != 0 {
            webkit_context_menu_remove(menu, last)
        }
    }

    private func isBrowserItem(_ item: UnsafeMutablePointer<WebKitContextMenuItem>) -> Bool {
        if Self.browserActions.contains(webkit_context_menu_item_get_stock_action(item).rawValue) { return true }
        // The navigation guard's stand-in for "Open Link in New Window" (`LinkContextMenu`).
        guard let action = webkit_context_menu_item_get_gaction(item) else { return false }
        return string(g_action_get_name(action)) == LinkContextMenu.actionName
    }

    private static func items(of menu: UnsafeMutablePointer<WebKitContextMenu>) -> [UnsafeMutablePointer<WebKitContextMenuItem>] {
        var items: [UnsafeMutablePointer<WebKitContextMenuItem>] = []
        var node = webkit_context_menu_get_items(menu)
        while let current = node {
            items.append(current.pointee.data.assumingMemoryBound(to: WebKitContextMenuItem.self))
            node = current.pointee.next
        }
        return items
    }

    private static func target(of hit: UnsafeMutablePointer<WebKitHitTestResult>) -> ContextMenuTarget {
        ContextMenuTarget(linkURI: string(webkit_hit_test_result_get_link_uri(hit)),
                          imageURI: string(webkit_hit_test_result_get_image_uri(hit)),
                          isEditable: webkit_hit_test_result_context_is_editable(hit) != 0)
    }
}
