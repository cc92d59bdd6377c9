import FoundationEssentials
import GLibLog
import WebKitGTK
import WebViewHostWebProcess

/// WebViewHost's web process extension (the `WebProcessExtension` package), loaded into the
/// web processes of a context once a bridge is attached to one of its views: it gives each
/// page's main frame the transport of the bridge's binary channel, bytes handed over as file
/// descriptors (see `WebProcessBinaryRequest`), which WebKit's own channels cannot do at
/// speed (a scheme response reaches the page in 8 KiB messages; a script message reply
/// cannot carry an ArrayBuffer). A context without a bridge loads nothing of it.
///
/// Without the library's path, or a directory WebKit can load it from, pages lack the
/// transport and the bridge's binary channel keeps to its scheme.
@MainActor
enum WebProcessExtension {
    /// The library's own path, nil when the dynamic linker cannot say.
    private static let library: String? = webviewhost_web_process_library_path().map { String(cString: $0) }

    /// Has `context` load the extension into the web processes it starts from now on.
    static func load(into context: WebContext) {
        guard let library else {
            return Log.webBridgeGTK.warning("the web process extension is not loaded (binary calls take the slower scheme): the library's own path is unknown")
        }
        do {
            try context.addWebProcessExtension(libraryPath: library)
        } catch {
            Log.webBridgeGTK.warning("the web process extension is not loaded (binary calls take the slower scheme): \(error)")
        }
    }
}
