import CGtkHelpers
import GLibCore

/// A text field for a search: a magnifier icon, a clear button, and signals made for
/// searching as the user types (`onSearchChanged` waits for a short pause in typing).
@MainActor
public final class SearchEntry: Widget {
    /// What the entry tells its observers.
    public enum Event: Sendable {
        /// The text changed and the user paused typing: search again.
        case searchChanged
        /// Enter, or Ctrl+G / Down: go to the next match.
        case nextMatch
        /// Shift+Enter, Ctrl+Shift+G / Up: go to the previous match.
        case previousMatch
    }

    private let events = ObserverList<Event>()

    /// An empty search field; put it in a `SearchBar` with `SearchBar.connect(_:)` so typing
    /// anywhere in the window starts a search.
    public init() {
        super.init(sinking: gtk_search_entry_new())
        let send: (Event) -> @MainActor () -> Void = { event in { [weak self] in self?.events.send(event) } }
        connections += [
            Signals.connect(widget, "search-changed", send(.searchChanged)),
            Signals.connect(widget, "activate", send(.nextMatch)),
            Signals.connect(widget, "next-match", send(.nextMatch)),
            Signals.connect(widget, "previous-match", send(.previousMatch)),
        ]
    }

    #if !GTK4
    private var entry: UnsafeMutablePointer<GtkEntry> { reference.cast() }
    #endif

    #if GTK4
    /// The text in the field; setting it searches again, as typing does.
    public var text: String {
        get { string(gtk_editable_get_text(reference.cast())) ?? "" }
        set { gtk_editable_set_text(reference.cast(), newValue) }
    }
    #else
    /// The text in the field; setting it searches again, as typing does.
    public var text: String {
        get { string(gtk_entry_get_text(entry)) ?? "" }
        set { gtk_entry_set_text(entry, newValue) }
    }
    #endif

    /// Calls `observer` with every search event until the observation is dropped.
    public func observe(_ observer: @escaping @MainActor (Event) -> Void) -> Observation {
        events.add(observer)
    }
}
