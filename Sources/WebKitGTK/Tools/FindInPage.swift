import CWebKitGTKHelpers
import GLibCore

/// The outcome of a find-in-page search.
public enum FindResult: Sendable, Equatable {
    /// The text is on the page this many times (capped at `FindInPage.maximumMatchCount`).
    case found(matches: Int)
    /// The text is not on the page.
    case notFound
}

/// Find in page (Ctrl+F) over WebKit's find controller: highlights matches, steps
/// through them and reports how many there are.
@MainActor
public final class FindInPage {
    /// Counting stops here so a huge page cannot stall the search.
    public static let maximumMatchCount = 1000

    /// The text last searched for; empty when no search is active.
    public private(set) var text = ""
    /// The last result; nil while nothing has been searched or the search was finished.
    public private(set) var result: FindResult?

    private let controller: ObjectReference<WebKitFindController>
    private let observers = ObserverList<FindResult>()
    private var connections: [SignalConnection] = []

    /// Find over `webView`'s page, through the view's one find controller, so every
    /// `FindInPage` of a view drives the same search.
    public init(webView: WebView) {
        controller = ObjectReference(retaining: webkit_web_view_get_find_controller(webView.reference.pointer))
        // The count comes from a separate counting pass: "found-text" also fires for each
        // next/previous step, with a count that is not the page's total.
        connections.append(Signals.connect(controller.raw, "counted-matches") { [weak self] (count: Int32) in
            self?.report(count == 0 ? .notFound : .found(matches: Int(UInt32(bitPattern: count))))
        })
    }

    /// Highlights every match of `text` and selects the first; an empty text ends the search.
    public func search(_ text: String, caseSensitive: Bool = false) {
        guard !text.isEmpty else { return finish() }
        self.text = text
        var options = WEBKIT_FIND_OPTIONS_WRAP_AROUND.rawValue
        if !caseSensitive { options |= WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE.rawValue }
        // Counting clears the page's match highlights, so it goes first: the search then
        // highlights every match and selects the current one.
        webkit_find_controller_count_matches(controller.pointer, text, options, UInt32(Self.maximumMatchCount))
        webkit_find_controller_search(controller.pointer, text, options, UInt32(Self.maximumMatchCount))
    }

    /// Selects the next match (Enter, Ctrl+G).
    public func next() { if !text.isEmpty { webkit_find_controller_search_next(controller.pointer) } }

    /// Selects the previous match (Ctrl+Shift+G).
    public func previous() { if !text.isEmpty { webkit_find_controller_search_previous(controller.pointer) } }

    /// Removes the highlights (Escape).
    public func finish() {
        webkit_find_controller_search_finish(controller.pointer)
        text = ""
        result = nil
    }

    /// Calls `observer` with every result until the observation is dropped.
    public func observe(_ observer: @escaping @MainActor (FindResult) -> Void) -> Observation {
        observers.add(observer)
    }

    private func report(_ result: FindResult) {
        guard !text.isEmpty else { return }
        self.result = result
        observers.send(result)
    }
}
