/// The page a web view shows in place of one that failed to load or whose process ended.
public enum ErrorPage {
    /// A self-contained page: the title, a sentence for a person (`message`), the technical
    /// `detail` below it, and a link to `retryURI` labelled `action` (Retry, or Reload for a
    /// page that was stopped, in the user's language: this module translates nothing). It follows the desktop's dark style (`prefers-color-scheme`),
    /// and long addresses wrap only between their parts, never inside a word.
    public static func html(title: String, message: String, detail: String, retryURI: String,
                            action: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
        <title>\(escape(title))</title>
        <style>
        :root { color-scheme: light dark; --text: #241f31; --muted: #5e5c64; --background: #ffffff; }
        @media (prefers-color-scheme: dark) { :root { --text: #ffffff; --muted: #c0bfbc; --background: #242424; } }
        body { font: 15px/1.5 system-ui, "Cantarell", sans-serif; color: var(--text); background: var(--background);
               max-width: 40em; margin: 15vh auto; padding: 0 1.5em; }
        h1, p { overflow-wrap: break-word; word-break: normal; hyphens: manual; }
        h1 { font-size: 1.4em; }
        p.detail { color: var(--muted); font-size: .9em; }
        a.retry { display: inline-block; margin-top: 1em; padding: .5em 1.2em; border-radius: 6px;
                  background: #3584e4; color: #ffffff; text-decoration: none; }
        </style></head>
        <body><h1 id="error-title">\(escape(title))</h1>
        <p id="error-message">\(breakable(message))</p>
        <p class="detail" id="error-detail">\(breakable(detail))</p>
        <a class="retry" id="retry" href="\(escape(retryURI))">\(escape(action))</a>
        </body></html>
        """
    }

    /// Escaped text with a line-break opportunity (`<wbr>`) after each `/`, `.`, `?`, `&`
    /// and `=` inside a word, so an address too long for the line wraps between its parts.
    package static func breakable(_ text: String) -> String {
        var html = ""
        var previous: Character = " "
        for character in text {
            if "/.?&=".contains(previous), !character.isWhitespace, !"/.".contains(character) { html += "<wbr>" }
            html += escape(String(character))
            previous = character
        }
        return html
    }

    /// Escapes text for HTML content and attribute values.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
