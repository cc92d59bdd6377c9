import WebKitGTK
import CWebKitGTK
import GLibCore

/// The find-in-page bar: a GtkSearchBar with a search entry, a match count and
/// previous/next buttons, driving a `FindInPage`. Put `widget` above the web view and
/// call `reveal()` on Ctrl+F; Escape or the close button hides it and clears the highlights.
/// Text with no match on the page turns the entry red (GTK's `error` style class), as in
/// GNOME apps.
@MainActor
public final class FindBar: Widget {
    /// The search the bar drives; its results set the match count and the entry's style.
    public let find: FindInPage
    private let entry: UnsafeMutablePointer<GtkWidget>
    private let countLabel: UnsafeMutablePointer<GtkWidget>
    private var resultObservation: Observation?

    /// A hidden bar over `find`; `reveal()` shows it.
    public init(find: FindInPage) {
        self.find = find
        entry = gtk_search_entry_new()
        countLabel = gtk_label_new(nil)
        super.init(sinking: gtk_search_bar_new())
        AccessibleName.setOnOwnButtons(of: widget, tr("Close"))
        let previous = gtk_button_new_from_icon_name("go-up-symbolic", GTK_ICON_SIZE_BUTTON)!
        let next = gtk_button_new_from_icon_name("go-down-symbolic", GTK_ICON_SIZE_BUTTON)!
        gtk_widget_set_tooltip_text(previous, tr("Previous match"))
        gtk_widget_set_tooltip_text(next, tr("Next match"))
        AccessibleName.set(tr("Previous match"), on: previous)
        AccessibleName.set(tr("Next match"), on: next)
        AccessibleName.set(tr("Find in page"), on: entry)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for child in [entry, countLabel, previous, next] {
            gtk_container_add(gcast(box, to: GtkContainer.self), child)
        }
        gtk_container_add(gcast(widget, to: GtkContainer.self), box)
        gtk_search_bar_connect_entry(searchBar, gcast(entry, to: GtkEntry.self))
        gtk_search_bar_set_show_close_button(searchBar, 1)
        gtk_widget_show_all(box)

        let entryObject = UnsafeMutableRawPointer(entry)
        connections += [
            Signals.connect(entryObject, "search-changed") { [weak self] in self?.searchChanged() },
            Signals.connect(entryObject, "activate") { [weak self] in self?.find.next() },
            Signals.connect(entryObject, "next-match") { [weak self] in self?.find.next() },
            Signals.connect(entryObject, "previous-match") { [weak self] in self?.find.previous() },
            Signals.connect(UnsafeMutableRawPointer(previous), "clicked") { [weak self] in self?.find.previous() },
            Signals.connect(UnsafeMutableRawPointer(next), "clicked") { [weak self] in self?.find.next() },
            Signals.connect(widget, "notify::search-mode-enabled") { [weak self] (_: Signals.Pointer) -> Void in
                if let self, !isRevealed { find.finish(); showCount(nil) }
            },
        ]
        resultObservation = find.observe { [weak self] in self?.showCount($0) }
    }

    /// Whether the bar is showing.
    public var isRevealed: Bool { gtk_search_bar_get_search_mode(searchBar) != 0 }

    /// Shows the bar and focuses its entry, with its text selected for retyping (Ctrl+F).
    public func reveal() {
        gtk_search_bar_set_search_mode(searchBar, 1)
        gtk_widget_grab_focus(entry)
    }

    /// Hides the bar and clears the highlights (Escape).
    public func dismiss() {
        gtk_search_bar_set_search_mode(searchBar, 0)
    }

    /// The text in the entry.
    public var searchText: String {
        get { string(gtk_entry_get_text(gcast(entry, to: GtkEntry.self))) ?? "" }
        set { gtk_entry_set_text(gcast(entry, to: GtkEntry.self), newValue) }
    }

    /// What the bar says about the last search: "3 matches", "No matches", or nothing.
    public var matchCountText: String {
        string(gtk_label_get_text(gcast(countLabel, to: GtkLabel.self))) ?? ""
    }

    /// Whether the entry is red, saying the text is not on the page.
    public var showsNoMatches: Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(entry), "error") != 0
    }

    private var searchBar: UnsafeMutablePointer<GtkSearchBar> { reference.cast() }

    private func searchChanged() {
        let text = searchText
        if text.isEmpty { showCount(nil) }
        find.search(text)
    }

    private func showCount(_ result: FindResult?) {
        let text = switch result {
        case nil: ""
        case .notFound: tr("No matches")
        case .found(let matches): tr("{count} match", "{count} matches", count: matches)
        }
        gtk_label_set_text(gcast(countLabel, to: GtkLabel.self), text)
        let style = gtk_widget_get_style_context(entry)
        if result == .notFound { gtk_style_context_add_class(style, "error") } else { gtk_style_context_remove_class(style, "error") }
    }
}
