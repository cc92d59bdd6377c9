import Foundation

/// The HTML pages of a directory served to web views, and the scripts each loads: a page's
/// scripts share one global scope in the browser, so tsc checks them as one program.
struct WebPages {
    let root: URL

    /// Every `.html` file below the root, with the local scripts it loads in order.
    func pages() throws -> [(page: String, scripts: [URL])] {
        try files(ending: ".html").map { page in
            let html = try String(contentsOf: page, encoding: .utf8)
            let sources = html.matches(of: #/<script[^>]*\ssrc="([^"?]+)/#).map { String($0.1) }
            return (relative(page), sources.map { page.deletingLastPathComponent().appendingPathComponent($0).standardizedFileURL })
        }
    }

    /// The files below the root whose names end in `suffix`, sorted.
    func files(ending suffix: String) throws -> [URL] {
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(suffix) }
            .map(\.standardizedFileURL).sorted { $0.path < $1.path }
    }

    func relative(_ file: URL) -> String {
        String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
    }
}
