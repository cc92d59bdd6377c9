import CWebKitGTK
import Foundation
import GLibLog
import WebViewHostWebProcess

/// Loads WebViewHost's web process extension (the `WebProcessExtension` package) into the
/// web processes of every `WebContext`: it gives each page's main frame the transport of
/// the bridge's binary channel, bytes handed over as file descriptors (see
/// `WebProcessBinaryRequest`), which WebKit's own channels cannot do at speed (a scheme
/// response reaches the page in 8 KiB messages; a script message reply cannot carry an
/// ArrayBuffer).
///
/// WebKit loads every shared library in the directory it is given, and the library sits
/// among whatever else its build or install directory holds; so WebKit gets a directory
/// holding only a link to it, under the user's runtime directory. Without one (the library
/// path unknown, nothing writable), pages lack the transport and the bridge's binary
/// channel keeps to its scheme.
@MainActor
enum WebProcessExtension {
    /// The directory WebKit loads the extension from, nil when there is none.
    static let directory: String? = {
        do {
            return try linkDirectory()
        } catch {
            Log.webKitGTK.warning("the web process extension is not loaded (binary calls take the slower scheme): \(error)")
            return nil
        }
    }()

    /// Has `context` load the extension into the web processes it starts from now on.
    static func load(into context: UnsafeMutablePointer<WebKitWebContext>) {
        guard let directory else { return }
        webkit_web_context_set_web_extensions_directory(context, directory)
    }

    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    private static let libraryName = "libWebViewHostWebProcess.so"

    private static func linkDirectory() throws -> String {
        guard let path = webviewhost_web_process_library_path() else {
            throw SetupError(description: "the library's own path is unknown")
        }
        let library = URL(fileURLWithPath: String(cString: path)).resolvingSymlinksInPath().path
        // Named by the library's path: apps built in different places keep their own links.
        let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, library, -1)!
        defer { g_free(digest) }
        let directory = String(cString: g_get_user_runtime_dir()) + "/webviewhost/web-process-" + String(String(cString: digest).prefix(16))
        guard g_mkdir_with_parents(directory, 0o700) == 0 else {
            throw SetupError(description: "cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        let link = directory + "/" + libraryName
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == library { return directory }
        // A link made aside and renamed into place: another process reading the directory
        // sees the old link or the new one, never none.
        let aside = link + ".\(getpid())"
        unlink(aside)
        guard symlink(library, aside) == 0, rename(aside, link) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(aside)
            throw SetupError(description: "cannot link \(library) into \(directory): \(reason)")
        }
        return directory
    }
}
