/// Where the main frame's document stands, from the view's load steps: the one state that
/// decides both who is calling the bridge and when script sent to the page can run.
///
/// A load that starts leaves the old document running until the new one commits; a load
/// that ends without committing (Escape mid-load, a navigation the guard cancels, a
/// download) leaves the old document showing, and WebKit reports it as finished or failed.
/// Meanwhile the view's own URI may name the page that never came, so the document's URI
/// is the one of its commit until a later commit.
@MainActor
final class PageLifecycle {
    /// The main frame's document URI as of its commit; nil before the first commit.
    private(set) var documentURI: String?
    /// How many documents have committed: it names the one now showing.
    private(set) var commits = 0
    /// Whether a load has started and has neither committed nor ended.
    private(set) var isLoading = false
    /// Whether the view's URI names the document now showing: until a load starts (the
    /// bridge may be made on a view already showing a page) and from each commit until the
    /// next load starts (it also follows the page's own `history.pushState`).
    private var viewURINamesDocument = true

    /// Takes a load step; returns whether it committed a new document.
    @discardableResult
    func apply(_ event: PageLoadEvent) -> Bool {
        switch event {
        case .started:
            isLoading = true
            viewURINamesDocument = false
            return false
        case .committed(let uri):
            documentURI = uri
            commits += 1
            isLoading = false
            viewURINamesDocument = true
            return true
        case .finished, .failed, .closed:
            isLoading = false
            return false
        case .unresponsive:
            return false
        case .webProcessTerminated:
            // No document runs any more: script waits for the next commit.
            documentURI = nil
            isLoading = false
            return false
        }
    }

    /// Whether script sent now reaches a document.
    var acceptsScript: Bool { documentURI != nil && !isLoading }

    /// The URI of the document now showing, given the view's own.
    func uri(viewURI: String?) -> String? {
        viewURINamesDocument ? viewURI : documentURI
    }
}
