import CWebKitGTKHelpers
import WebKitGTK

/// The view's back/forward list as URIs, read from WebKit itself.
struct BackForwardURIs: Equatable, CustomStringConvertible {
    var back: [String]
    var current: String?
    var forward: [String]

    @MainActor
    init(of view: WebView) {
        let list = webkit_web_view_get_back_forward_list(view.reference.pointer)
        func uris(_ items: UnsafeMutablePointer<GList>?) -> [String] {
            var uris: [String] = []
            var node = items
            while let item = node {
                let entry = item.pointee.data.assumingMemoryBound(to: WebKitBackForwardListItem.self)
                uris.append(String(cString: webkit_back_forward_list_item_get_uri(entry)))
                node = item.pointee.next
            }
            g_list_free(items)
            return uris
        }
        back = uris(webkit_back_forward_list_get_back_list(list))
        current = webkit_back_forward_list_get_current_item(list).map { String(cString: webkit_back_forward_list_item_get_uri($0)) }
        forward = uris(webkit_back_forward_list_get_forward_list(list))
    }

    var description: String { "back \(back), current \(current ?? "none"), forward \(forward)" }
}
