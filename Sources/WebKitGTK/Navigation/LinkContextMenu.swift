import CWebKitGTKHelpers
import GLibCore

/// Puts "Open Link in New Window" of a view's context menu under its `NavigationGuard`.
///
/// WebKit carries the item out as a script-less new-window request without a user gesture,
/// which the policy refuses for the app's own pages. The user's choice of a menu item is a
/// gesture no page can make, so the stock item is replaced by one that hands the link to
/// `NavigationGuard.openLinkInNewWindow`, where the policy still decides.
@MainActor
final class LinkContextMenu {
    /// The name of the replacement item's action, by which `AppContextMenu` knows the item.
    static let actionName = "open-link-in-new-window"
    private var connection: SignalConnection?
    /// The action behind the item of the menu now shown, and its connection.
    private var shown: (action: ObjectReference<GObject>, activation: SignalConnection)?

    init(view: WebView, open: @escaping @MainActor (String) -> Void) {
        connection = view.onContextMenu { [weak self] menu, hit in
            guard let self, let link = string(webkit_hit_test_result_get_link_uri(hit)) else { return false }
            replaceItem(in: menu, link: link, open: open)
            return false
        }
    }

    private func replaceItem(in menu: UnsafeMutablePointer<WebKitContextMenu>, link: String,
                             open: @escaping @MainActor (String) -> Void) {
        var node = webkit_context_menu_get_items(menu)
        var position: Int32 = 0
        while let current = node {
            let item = current.pointee.data.assumingMemoryBound(to: WebKitContextMenuItem.self)
            if webkit_context_menu_item_get_stock_action(item) == WEBKIT_CONTEXT_MENU_ACTION_OPEN_LINK_IN_NEW_WINDOW {
                let action = ObjectReference<GObject>(adopting: UnsafeMutableRawPointer(g_simple_action_new(Self.actionName, nil))
                    .assumingMemoryBound(to: GObject.self))
                let activation = Signals.connect(action.raw, "activate") { (_: Signals.Pointer) in open(link) }
                shown = (action, activation)
                let replacement = webkit_context_menu_item_new_from_gaction(OpaquePointer(action.raw), tr("Open Link in New _Window"), nil)
                webkit_context_menu_remove(menu, item)
                webkit_context_menu_insert(menu, replacement, position)
                return
            }
            node = current.pointee.next
            position += 1
        }
    }
}
