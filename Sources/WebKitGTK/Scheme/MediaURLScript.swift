import FoundationEssentials
import GLibCore
import WebPolicy

/// The script the scheme writes into its pages so that their media elements load from the
/// `MediaServer`: page authors keep writing `<video src="clip.webm">`.
///
/// It runs first in every page (right after the policy tag) and rewrites any `src` of a
/// `<video>`, `<audio>` or their `<source>` that resolves to the scheme's origin into the
/// server's URL for the same path, keeping query and fragment (`#t=10`): through the `src`
/// properties, `setAttribute`, `new Audio(…)`, and — with a `MutationObserver` — markup
/// the parser or `innerHTML` inserts, before the element's resource selection runs (a
/// `<source>` fixed after its element gave up gets the element reloaded). Other URLs
/// are left alone. The pages' policy allows it by its SHA-256 hash, so it stays the only
/// inline script the policy lets run. The script is media-url.js beside this file, sent on
/// the page's first line (its lines joined, see `oneLine`) so the page's own lines keep
/// their numbers.
struct MediaURLScript {
    /// The JavaScript, without the `<script>` tags.
    let source: String

    /// media-url.js's parameters.
    private struct Parameters: Encodable {
        var base: String
        var scheme: String
        var host: String
    }

    init(scheme: String, host: String, serverBaseURI: String) {
        source = ScriptCall.source(Self.oneLine(EmbeddedJavaScript.mediaUrl),
                                   Parameters(base: serverBaseURI, scheme: scheme + ":", host: host))
    }

    /// `script` with its whole-line `//` comments dropped and its lines joined by spaces:
    /// the same program for a script written for it (media-url.js: no comment after code on
    /// a line, no line break inside a template literal, every statement ended by `;`).
    static func oneLine(_ script: String) -> String {
        script.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }.joined(separator: " ")
    }
}
