import FoundationEssentials
import ScriptMessaging

/// The web view as the bridge sees it, so the bridge never touches GTK and unit tests can
/// drive it with a fake. The WebKitGTK glue (`WebBridgeGTK`) conforms the real view.
@MainActor
public protocol BridgeWebView: AnyObject {
    /// Injects `script` into the main frame of every page loaded from now on, before the
    /// page's own script runs; returns the handle to remove it with.
    func addDocumentStartScript(_ script: DocumentStartScript) -> AnyObject

    /// Stops injecting a script added with `addDocumentStartScript`.
    func removeDocumentStartScript(_ handle: AnyObject)

    /// Makes `window.webkit.messageHandlers[name]` exist in script world `world` (nil: the
    /// page's own) and routes its messages to `receive`, each with the channel its answer
    /// goes on (the bridge answers each exactly once, see `BridgeReply`). Replaces a handler
    /// of that name there.
    func addMessageHandler(named name: String, world: String?,
                           _ receive: @escaping @MainActor (MessageBody, any ReplyChannel) -> Void)

    /// Removes a handler added with `addMessageHandler`.
    func removeMessageHandler(named name: String, world: String?)

    /// The URI of the main frame's page as the view itself knows it; a page cannot forge it.
    var pageURI: String? { get }

    /// The number the web process knows this view's page by, when the view's pages can read
    /// it at document start (WebKitGTK's web process extension gives it to them): the page
    /// client then serves only the pages of this view. WebKit runs a popup's pages with its
    /// opener's scripts, so without it a popup's page would reach its opener's bridge and be
    /// judged as its opener. Nil: pages cannot tell views apart.
    var pageIdentifier: UInt64? { get }

    /// Runs script in the page's main frame; returns its completion value as JSON text,
    /// nil for `undefined`. Throws when the script throws.
    func runJavaScript(_ script: String) async throws -> String?

    /// Runs `body` as the body of an async function in the page's main frame; returns the
    /// JSON text of what it returns, once a returned Promise settles (nil for `undefined`).
    /// Throws when it throws or the Promise rejects.
    func runAsyncJavaScript(_ body: String) async throws -> String?

    /// Reports main-frame load steps to `observer` for as long as the returned token lives.
    func observePageLoads(_ observer: @escaping @MainActor (PageLoadEvent) -> Void) -> AnyObject

    /// Loads a page by URI in the main frame.
    func load(uri: String)
    /// Loads `html` as a page whose URI is `baseURI` (nil: `about:blank`).
    func load(html: String, baseURI: String?)

    /// Routes the page's requests to `scheme://host/…` (the bridge's binary channel, see
    /// `BinaryChannel`) to `receive` while the returned route's handle lives; nil when the
    /// view has no such channel (the page client then rejects binary calls).
    func serveBinaryRequests(host: String, _ receive: @escaping @MainActor (any BinaryRequest) -> Void) -> BinaryRoute?
}

extension BridgeWebView {
    public var pageIdentifier: UInt64? { nil }

    public func serveBinaryRequests(host: String, _ receive: @escaping @MainActor (any BinaryRequest) -> Void) -> BinaryRoute? {
        nil
    }
}

/// A script for the main frame of pages, run at document start.
public struct DocumentStartScript: Sendable, Equatable {
    /// The JavaScript to run.
    public var source: String
    /// The script world it runs in; nil is the page's own.
    public var world: String?

    /// A script for `world` (nil: the page's own world).
    public init(source: String, world: String? = nil) {
        self.source = source
        self.world = world
    }
}

/// The main-frame load steps the bridge cares about.
public enum PageLoadEvent: Sendable, Equatable {
    /// A main-frame load began; the current document still runs until one commits.
    case started(uri: String)
    /// The new document exists: scripts sent from now on reach it.
    case committed(uri: String)
    /// The load ended with the page loaded.
    case finished(uri: String)
    /// The load ended without a page: cancelled, refused or a network error (`message`).
    case failed(uri: String, message: String)
    /// The web process stopped answering (a page stuck in a loop): nothing the bridge sends
    /// reaches the page until it recovers, if it ever does.
    case unresponsive
    /// The web process ended (crashed, over its memory limit, or stopped by the app): the
    /// document is gone, and scripts wait for the next one to commit.
    case webProcessTerminated
    /// The view was destroyed (its window closed): no page will run in it again.
    case closed
}
