import GLibCore
import CWebKitGTKHelpers
import FoundationEssentials

/// The process-wide state web views share: where website data lives, custom URI schemes.
///
/// Views made with the same context share cookies, storage and the web process pool. A
/// context loads no web process extension unless one is added
/// (`addWebProcessExtension(libraryPath:)`; a bridge adds its own). Its web processes run in
/// WebKit's sandbox unless `WebProcessSandbox.isEnabled` was off when it was made (WebKitGTK
/// 6.0 always sandboxes them). Contexts made here bound their web processes' memory
/// (`WebProcessMemoryLimit.standard` unless told otherwise); WebKit's shared context cannot be
/// given a limit after it exists.
@MainActor
public final class WebContext {
    package let reference: ObjectReference<WebKitWebContext>
    #if GTK4
    /// WebKitGTK 6.0 keeps what 4.1's context held of the network (website data, cookies, TLS,
    /// downloads) in a network session beside it; a view is made with both.
    package let session: ObjectReference<WebKitNetworkSession>
    #endif

    /// The context whose data is kept in memory only and discarded on exit; its web processes
    /// are held to `memoryLimit` (nil: WebKit's defaults, which never stop a process).
    public static func ephemeral(memoryLimit: WebProcessMemoryLimit? = .standard) -> WebContext {
        #if GTK4
        return WebContext(adopting: make(memoryLimit), session: webkit_network_session_new_ephemeral())
        #else
        let manager = webkit_website_data_manager_new_ephemeral()!
        defer { g_object_unref(manager) }
        return WebContext(adopting: make(manager, memoryLimit))
        #endif
    }

    /// A context that stores website data (cookies, localStorage, IndexedDB, caches) under
    /// the given directories. Cookies go to `cookies.sqlite` in the data directory: WebKit
    /// keeps them in memory only unless told where to store them. Its web processes are held
    /// to `memoryLimit` (nil: WebKit's defaults, which never stop a process).
    public convenience init(dataDirectory: String, cacheDirectory: String,
                            memoryLimit: WebProcessMemoryLimit? = .standard) {
        #if GTK4
        self.init(adopting: Self.make(memoryLimit), session: webkit_network_session_new(dataDirectory, cacheDirectory))
        let cookieManager = webkit_network_session_get_cookie_manager(session.pointer)
        #else
        let manager = whv_website_data_manager_new(dataDirectory, cacheDirectory)!
        defer { g_object_unref(manager) }
        self.init(adopting: Self.make(manager, memoryLimit))
        let cookieManager = webkit_web_context_get_cookie_manager(reference.pointer)
        #endif
        let cookies = (dataDirectory.hasSuffix("/") ? dataDirectory : dataDirectory + "/") + "cookies.sqlite"
        webkit_cookie_manager_set_persistent_storage(cookieManager, cookies, WEBKIT_COOKIE_PERSISTENT_STORAGE_SQLITE)
    }

    /// WebKit's shared default context (and, on WebKitGTK 6.0, its default network session).
    public static var shared: WebContext {
        #if GTK4
        WebContext(retaining: webkit_web_context_get_default(), session: webkit_network_session_get_default())
        #else
        WebContext(retaining: webkit_web_context_get_default())
        #endif
    }

    #if GTK4
    /// The memory limit can only be given as the context is made.
    private static func make(_ memoryLimit: WebProcessMemoryLimit?) -> UnsafeMutablePointer<WebKitWebContext> {
        guard let memoryLimit else { return whv_web_context_new(nil)! }
        return memoryLimit.withSettings { whv_web_context_new($0)! }
    }

    init(adopting context: UnsafeMutablePointer<WebKitWebContext>, session: UnsafeMutablePointer<WebKitNetworkSession>) {
        reference = ObjectReference(adopting: context)
        self.session = ObjectReference(adopting: session)
        WebProcessSandbox.configure(self)
    }

    init(retaining context: UnsafeMutablePointer<WebKitWebContext>, session: UnsafeMutablePointer<WebKitNetworkSession>) {
        reference = ObjectReference(retaining: context)
        self.session = ObjectReference(retaining: session)
        WebProcessSandbox.configure(self)
    }
    #else
    /// The memory limit can only be given as the context is made.
    private static func make(_ manager: UnsafeMutablePointer<WebKitWebsiteDataManager>,
                             _ memoryLimit: WebProcessMemoryLimit?) -> UnsafeMutablePointer<WebKitWebContext> {
        guard let memoryLimit else { return whv_web_context_new(manager, nil)! }
        return memoryLimit.withSettings { whv_web_context_new(manager, $0)! }
    }

    init(adopting context: UnsafeMutablePointer<WebKitWebContext>) {
        reference = ObjectReference(adopting: context)
        WebProcessSandbox.configure(self)
    }

    init(retaining context: UnsafeMutablePointer<WebKitWebContext>) {
        reference = ObjectReference(retaining: context)
        WebProcessSandbox.configure(self)
    }
    #endif

    /// Whether this context keeps nothing on disk.
    public var isEphemeral: Bool {
        #if GTK4
        webkit_network_session_is_ephemeral(session.pointer) != 0
        #else
        webkit_web_context_is_ephemeral(reference.pointer) != 0
        #endif
    }

    /// Where the context keeps website data, for clearing it: the network session's on
    /// WebKitGTK 6.0.
    var websiteDataManager: UnsafeMutablePointer<WebKitWebsiteDataManager> {
        #if GTK4
        webkit_network_session_get_website_data_manager(session.pointer)
        #else
        webkit_web_context_get_website_data_manager(reference.pointer)
        #endif
    }
}
