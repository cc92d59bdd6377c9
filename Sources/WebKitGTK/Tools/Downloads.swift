import FoundationEssentials
import CWebKitGTKHelpers
import GLibCore

/// Every download of one web context (links, `Content-Disposition: attachment`,
/// `download(uri:from:)`), each asking `chooser` where to go.
///
/// The app keeps one per context and observes `started` to show progress; downloads
/// stay listed in `all` for the session.
@MainActor
public final class Downloads {
    /// Asked where each download goes: the save dialog, or a scripted answer in tests.
    public let chooser: DownloadDestinationChooser
    /// Every download since this object was made, in the order they started, ended ones included.
    public private(set) var all: [Download] = []
    /// The local file a URI names when WebKit cannot download it itself: the app's own
    /// scheme (`AppScheme.file(forURI:)`); such downloads are copied from it.
    public var localFiles: (@MainActor (String) -> URL?)?
    /// The name to suggest for such a copied file, when the page's link named one (its
    /// `download` attribute, as `FrameWitness.downloadName(for:)` heard it); else the file's own.
    public var suggestedNames: (@MainActor (String) -> String?)?

    private let started = ObserverList<Download>()
    private var connection: SignalConnection?

    /// Starts collecting `context`'s downloads, each asking `chooser`; keep it as long as the
    /// context, since dropping it disconnects it.
    public init(context: WebContext, chooser: DownloadDestinationChooser) {
        self.chooser = chooser
        // WebKitGTK 6.0 reports downloads on the network session, 4.1 on the context.
        #if GTK4
        let source = context.session.raw
        #else
        let source = context.reference.raw
        #endif
        connection = Signals.connect(source, "download-started") { [weak self] (download: Signals.Pointer) -> Void in
            guard let self, let download else { return }
            add(download.assumingMemoryBound(to: WebKitDownload.self))
        }
    }

    /// Calls `observer` with each download as it starts, until the observation is dropped.
    public func observe(_ observer: @escaping @MainActor (Download) -> Void) -> Observation {
        started.add(observer)
    }

    /// Downloads `uri` with `view`'s context and session, as "Save link as" would.
    @discardableResult
    public func download(uri: String, from view: WebView) -> Download {
        let pointer = webkit_web_view_download_uri(view.reference.pointer, uri)!
        defer { g_object_unref(pointer) }
        return add(pointer)
    }

    /// The wrapper for `pointer`, made once whichever of `download(uri:from:)` and the
    /// context's signal sees it first.
    @discardableResult
    private func add(_ pointer: UnsafeMutablePointer<WebKitDownload>) -> Download {
        if let known = all.first(where: { $0.reference.pointer == pointer }) { return known }
        let uri = string(webkit_uri_request_get_uri(webkit_download_get_request(pointer))) ?? ""
        let download = Download(retaining: pointer, chooser: chooser, localFile: localFiles?(uri),
                                suggestedName: suggestedNames?(uri))
        all.append(download)
        started.send(download)
        return download
    }
}
