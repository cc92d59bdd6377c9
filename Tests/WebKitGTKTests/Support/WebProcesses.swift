import CWebKitGTK
import Foundation
import WebKitGTK

/// The web processes this test process started, found in /proc (WebKit does not say which
/// is whose): a crash test kills the ones that appeared after its view was made.
enum WebProcesses {
    /// Live (not zombie) `WebKitWebProcess` children of this process.
    static func children() -> Set<Int32> {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let name = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard name.hasPrefix("WebKitWebProces"), fields.count > 1, fields[0] != "Z",
                  Int32(fields[1]) == me else { return nil }
            return pid
        })
    }

    /// Sends SIGKILL to the web processes started since `before`; returns how many.
    @discardableResult
    static func kill(startedSince before: Set<Int32>) -> Int {
        let started = children().subtracting(before)
        started.forEach { Foundation.kill($0, SIGKILL) }
        return started.count
    }
}

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
