import CWebKitGTKHelpers
import FoundationEssentials
import Glibc
import GLibCore

/// The web process extensions a context loads: shared libraries WebKit loads into every web
/// process the context starts from then on, each its own (the bridge's binary transport in
/// `WebBridgeGTK`, an app's own).
///
/// WebKit takes one directory and loads every shared library in it, while a library sits
/// among whatever else its build or install directory holds; so the context hands WebKit a
/// directory of its own, holding only links to the libraries added, under the user's runtime
/// directory and named by their paths (apps built in different places keep their own). A
/// context to which nothing was added loads nothing.
extension WebContext {
    /// Has the web processes this context starts from now on load the web process extension
    /// at `libraryPath` (an absolute path to a `.so` built against the toolkit's WebKit:
    /// `webkit2gtk-web-extension-4.1`, or `webkitgtk-web-process-extension-6.0` under the GTK4
    /// trait), beside those added before. Processes already running are not changed, and
    /// WebKitGTK 6.0 may give a new view one of them, so add extensions before the context's
    /// first load. Adding a library twice changes nothing. A sandboxed context's web processes
    /// see the library's directory when this process loaded a library from it, or when the
    /// extension is added before the context's first view (else this throws: the sandbox is
    /// fixed by then).
    public func addWebProcessExtension(libraryPath: String) throws(WebProcessExtensionError) {
        let library = URL(fileURLWithPath: libraryPath).resolvingSymlinksInPath().path
        let added = WebProcessExtensionDirectory.added(to: reference.raw)
        guard !added.libraries.contains(library) else { return }
        let libraryDirectory = URL(fileURLWithPath: library).deletingLastPathComponent().path
        if isSandboxed && !sandboxCovers(libraryDirectory) {
            do { try addSandboxPath(libraryDirectory) } catch {
                throw WebProcessExtensionError(description: "the sandboxed web processes cannot see \(library): \(error)")
            }
        }
        let directory = try WebProcessExtensionDirectory.linking(added.libraries + [library])
        added.libraries.append(library)
        #if GTK4
        webkit_web_context_set_web_process_extensions_directory(reference.pointer, directory)
        #else
        webkit_web_context_set_web_extensions_directory(reference.pointer, directory)
        #endif
    }

    /// The libraries `addWebProcessExtension(libraryPath:)` added, in order (symlinks resolved).
    public var webProcessExtensions: [String] {
        WebProcessExtensionDirectory.existing(on: reference.raw)?.libraries ?? []
    }
}

/// Why a web process extension could not be added: its directory of links could not be made.
public struct WebProcessExtensionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, with the path and the system's reason.
    public let description: String
}

/// The directories of links `WebContext.addWebProcessExtension(libraryPath:)` hands WebKit.
@MainActor
enum WebProcessExtensionDirectory {
    /// The libraries added to one context, kept on WebKit's context object itself (shared by
    /// every `WebContext` wrapping it, such as each use of `.shared`, and freed with it: a
    /// context made later at the same address starts with none).
    final class Added {
        var libraries: [String] = []
    }

    private static let key = "webviewhost-web-process-extensions"

    /// The libraries added to `context`, nil before the first.
    static func existing(on context: UnsafeMutableRawPointer) -> Added? {
        g_object_get_data(context.assumingMemoryBound(to: GObject.self), key).map(ClosureBox<Added>.from)
    }

    /// The libraries added to `context`, made empty on first use.
    static func added(to context: UnsafeMutableRawPointer) -> Added {
        if let existing = existing(on: context) { return existing }
        let added = Added()
        g_object_set_data_full(context.assumingMemoryBound(to: GObject.self), key,
                               ClosureBox<Added>.retainedPointer(for: added), ClosureBox<Added>.destroyNotify)
        return added
    }

    /// A directory holding links to exactly `libraries`, made or brought up to date.
    static func linking(_ libraries: [String]) throws(WebProcessExtensionError) -> String {
        let key = libraries.joined(separator: "\n")
        let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, key, -1)!
        defer { g_free(digest) }
        let directory = WebProcessSandbox.extensionLinksDirectory + "/web-process-"
            + String(String(cString: digest).prefix(16))
        guard g_mkdir_with_parents(directory, 0o700) == 0 else {
            throw WebProcessExtensionError(description: "cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        for (index, library) in libraries.enumerated() {
            // Numbered, so two libraries of one name both load.
            try link(library, at: directory + "/\(index)-" + URL(fileURLWithPath: library).lastPathComponent)
        }
        return directory
    }

    /// Points `link` at `library`: made aside and renamed into place, so another process
    /// reading the directory sees the old link or the new one, never none.
    private static func link(_ library: String, at link: String) throws(WebProcessExtensionError) {
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == library { return }
        let aside = link + ".\(getpid())"
        unlink(aside)
        guard symlink(library, aside) == 0, rename(aside, link) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(aside)
            throw WebProcessExtensionError(description: "cannot link \(library) as \(link): \(reason)")
        }
    }
}
