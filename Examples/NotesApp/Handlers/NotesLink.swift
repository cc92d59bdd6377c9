import FoundationEssentials

/// A link of the notes app's own URL scheme, `webviewhost-notes://add?text=Buy%20milk`: the
/// desktop opens the app with it (`gio open`, a link in another app), and the note is added.
public struct NotesLink: Codable, Equatable, Sendable {
    /// The app's URL scheme, as its desktop entry lists it (`x-scheme-handler/webviewhost-notes`).
    public static let scheme = "webviewhost-notes"

    /// The link as it arrived: the page's `url` event carries it.
    public var url: String

    /// The link `url`, as the page's `url` event carries it.
    public init(url: String) {
        self.url = url
    }

    /// The text of the note to add: the `text` query item of an `add` link, nil for any other link.
    public var noteText: String? {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == Self.scheme,
              components.host == "add" else { return nil }
        return components.queryItems?.first { $0.name == "text" }?.value
    }
}
