import CGtkHelpers
import GLibCore

/// A bar that slides in above a window's content for a search (find in page), with a close
/// button at its end; Escape in its entry closes it.
///
/// Subclass it for a search bar of your own: `setChild(_:)` puts the bar's controls in it.
@MainActor
open class SearchBar: Widget {
    private let modeChanged = ObserverList<Bool>()

    /// A hidden bar with a close button (named "Close" for a screen reader); `isSearchModeEnabled`
    /// shows it.
    public init() {
        super.init(sinking: gtk_search_bar_new())
        gtk_search_bar_set_show_close_button(reference.cast(), 1)
        AccessibleName.setOnOwnButtons(of: widget, tr("Close"))
        connections.append(Signals.connect(widget, "notify::search-mode-enabled") { [weak self] (_: Signals.Pointer) -> Void in
            guard let self else { return }
            modeChanged.send(isSearchModeEnabled)
        })
    }


    /// Puts the bar's controls (a box holding the entry and its buttons) in it.
    public func setChild(_ child: Widget) {
        #if GTK4
        gtk_search_bar_set_child(reference.cast(), child.widget)
        #else
        gtk_container_add(reference.cast(), child.widget)
        #endif
        child.showAll()
    }

    /// Makes `entry` the bar's: Escape in it closes the bar, and the bar's typing goes to it.
    public func connect(_ entry: SearchEntry) {
        gtk_search_bar_connect_entry(reference.cast(), entry.reference.cast())
    }

    /// Whether the bar is shown; setting it slides the bar in or out.
    public var isSearchModeEnabled: Bool {
        get { gtk_search_bar_get_search_mode(reference.cast()) != 0 }
        set { gtk_search_bar_set_search_mode(reference.cast(), newValue ? 1 : 0) }
    }

    /// Calls `observer` with the new state whenever the bar opens or closes (its close button,
    /// Escape, or code), until the observation is dropped.
    public func onSearchModeChanged(_ observer: @escaping @MainActor (Bool) -> Void) -> Observation {
        modeChanged.add(observer)
    }
}
