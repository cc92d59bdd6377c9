import WebKitGTK
import GLibCore

/// The find-in-page bar: a search bar with a search entry, a match count and
/// previous/next buttons, driving a `FindInPage`. Put it above the web view and call
/// `reveal()` on Ctrl+F; Escape or the close button hides it and clears the highlights.
/// Text with no match on the page turns the entry red (GTK's `error` style class), as in
/// GNOME apps.
@MainActor
public final class FindBar: SearchBar {
    /// The search the bar drives; its results set the match count and the entry's style.
    public let find: FindInPage
    private let entry = SearchEntry()
    private let countLabel = Label()
    private var observations: [Observation] = []

    /// A hidden bar over `find`; `reveal()` shows it.
    public init(find: FindInPage) {
        self.find = find
        super.init()
        let previous = Button(iconName: "go-up-symbolic", name: tr("Previous match"), tooltip: tr("Previous match"))
        let next = Button(iconName: "go-down-symbolic", name: tr("Next match"), tooltip: tr("Next match"))
        entry.accessibleName = tr("Find in page")
        let box = Box(.horizontal, spacing: 6)
        for child in [entry, countLabel, previous, next] as [Widget] { box.append(child) }
        setChild(box)
        connect(entry)
        observations = [
            entry.observe { [weak self] event in
                guard let self else { return }
                switch event {
                case .searchChanged: searchChanged()
                case .nextMatch: find.next()
                case .previousMatch: find.previous()
                }
            },
            previous.onClicked { [weak self] in self?.find.previous() },
            next.onClicked { [weak self] in self?.find.next() },
            onSearchModeChanged { [weak self] isRevealed in
                if let self, !isRevealed { find.finish(); showCount(nil) }
            },
            find.observe { [weak self] in self?.showCount($0) },
        ]
    }

    /// Whether the bar is showing.
    public var isRevealed: Bool { isSearchModeEnabled }

    /// Shows the bar and focuses its entry, with its text selected for retyping (Ctrl+F).
    public func reveal() {
        isSearchModeEnabled = true
        entry.grabFocus()
    }

    /// Hides the bar and clears the highlights (Escape).
    public func dismiss() {
        isSearchModeEnabled = false
    }

    /// The text in the entry.
    public var searchText: String {
        get { entry.text }
        set { entry.text = newValue }
    }

    /// What the bar says about the last search: "3 matches", "No matches", or nothing.
    public var matchCountText: String { countLabel.text }

    /// Whether the entry is red, saying the text is not on the page.
    public var showsNoMatches: Bool { entry.hasStyleClass("error") }

    private func searchChanged() {
        let text = searchText
        if text.isEmpty { showCount(nil) }
        find.search(text)
    }

    private func showCount(_ result: FindResult?) {
        countLabel.text = switch result {
        case nil: ""
        case .notFound: tr("No matches")
        case .found(let matches): tr("{count} match", "{count} matches", count: matches)
        }
        if result == .notFound { entry.addStyleClass("error") } else { entry.removeStyleClass("error") }
    }
}
