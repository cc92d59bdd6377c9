import CWebKitGTKHelpers
import GLibCore

extension WebView {
    /// Calls `handler` with each context menu the view is about to show and what was under the
    /// pointer; true from it keeps the menu from showing. The one place that knows the
    /// signal's shape: WebKitGTK 4.1 passes the triggering event between the two, 6.0 not.
    func onContextMenu(_ handler: @escaping @MainActor (UnsafeMutablePointer<WebKitContextMenu>,
                                                        UnsafeMutablePointer<WebKitHitTestResult>) -> Bool) -> SignalConnection {
        let handle: @MainActor (Signals.Pointer, Signals.Pointer) -> Bool = { menu, hit in
            guard let menu, let hit else { return false }
            return handler(menu.assumingMemoryBound(to: WebKitContextMenu.self), hit.assumingMemoryBound(to: WebKitHitTestResult.self))
        }
        #if GTK4
        return Signals.connect(reference.raw, "context-menu") { (menu: Signals.Pointer, hit: Signals.Pointer) -> Bool in
            handle(menu, hit)
        }
        #else
        return Signals.connect(reference.raw, "context-menu") { (menu: Signals.Pointer, _: Signals.Pointer, hit: Signals.Pointer) -> Bool in
            handle(menu, hit)
        }
        #endif
    }
}
