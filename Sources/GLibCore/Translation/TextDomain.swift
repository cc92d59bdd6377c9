import CGLib
import FoundationEssentials

/// A gettext text domain: the catalogs of one body of words (the library's own, `webviewhost`,
/// or an app's), bound once to the folder its compiled `.mo` files are found in, and the
/// lookups every user-visible string goes through (GLib's `g_dgettext`, `g_dngettext`,
/// `g_dpgettext2`).
///
/// Messages are written in English with named placeholders, `{name}`, which the translator
/// may move anywhere in the sentence; the values are put in after translation. A message
/// with no catalog for the user's language, or under `LANG=C`, comes back as written.
///
/// `Tools/i18n/extract-strings.py` finds the messages by the calls' shape — `tr("…")`,
/// `tr("…", "…", count: n)`, `tr("…", context: "…")` with literal strings — and writes the
/// `.pot` template from them.
public struct TextDomain: Sendable {
    /// The domain's name, the `.mo` files' base name (`webviewhost` → `webviewhost.mo`).
    public let name: String
    /// The folder bound to the domain (`<folder>/<language>/LC_MESSAGES/<name>.mo`), nil when
    /// no candidate holds a catalog and gettext's default folder is left in place.
    public let catalogs: URL?

    /// Binds `name` to the first of `CatalogLocation.candidates` that holds one of its
    /// catalogs, with UTF-8 output, and takes the user's locale from the environment if the
    /// process has not yet (GTK does the same at its start; a `--doctor` run comes earlier).
    /// Bind a domain once, before its first lookup: keep it in a `static let`.
    public init(_ name: String, executable: URL? = RunningExecutable.url) {
        self.name = name
        if setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }) == "C" { setlocale(LC_ALL, "") }
        catalogs = CatalogLocation.find(domain: name, executable: executable)
        if let catalogs { bindtextdomain(name, catalogs.path) }
        bind_textdomain_codeset(name, "UTF-8")
    }

    /// The library's own words (`webviewhost`): every string the library's modules show.
    public static let library = TextDomain("webviewhost")

    /// `message` in the user's language, `{key}` placeholders replaced by `values`. `context`
    /// tells apart the same English word with two meanings ("Open" a file, an "Open" state).
    public func tr(_ message: String, context: String? = nil, _ values: KeyValuePairs<String, String> = [:]) -> String {
        // gettext answers with the very pointer it got when there is no translation: read the
        // answer while that pointer is still alive.
        let translated = message.withCString { message in
            if let context { String(cString: g_dpgettext2(name, context, message)) } else { String(cString: g_dgettext(name, message)) }
        }
        return Self.fill(translated, values)
    }

    /// The form of `singular`/`plural` the user's language uses for `count` (Russian has
    /// three, Japanese one), with `{count}` and the `values` put in.
    public func tr(_ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let translated = singular.withCString { singular in
            plural.withCString { plural in String(cString: g_dngettext(name, singular, plural, gulong(max(count, 0)))) }
        }
        return Self.fill(Self.fill(translated, ["count": String(count)]), values)
    }

    /// Replaces each `{key}` once per occurrence, in one pass, so a value that itself holds
    /// `{…}` (a file name) is never read as a placeholder.
    static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = values.first(where: { $0.key == rest[rest.index(after: open)..<close] })?.value else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
