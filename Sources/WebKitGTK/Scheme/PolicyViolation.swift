import WebOrigin

/// One Content-Security-Policy refusal on a page of the app's own scheme, as the page's
/// `securitypolicyviolation` event told it, and the line the host prints for it: what was
/// refused, where, and the one setting that would allow it.
///
/// Everything but the advice comes from the page (a URL, a file name), so the line escapes
/// control characters, line and paragraph separators and bidirectional controls, and cuts
/// each field short: page content cannot make it two lines or pose as another message.
public struct PolicyViolation: Sendable, Equatable, Decodable {
    /// The directive that refused it (`script-src-attr`, `connect-src`…).
    public var directive: String
    /// `inline`, `eval`, `wasm-eval`, or the URL refused.
    public var blocked: String
    /// The script or document whose code was refused or asked for the refused thing.
    public var file: String
    /// The line in `file`, 0 when unknown.
    public var line: Int
    /// The column in `file`, 0 when unknown.
    public var column: Int

    /// What the refused thing was, in words.
    var what: String {
        switch (blocked, directive) {
        case ("eval", _): "eval / new Function"
        case ("wasm-eval", _): "WebAssembly compilation"
        case ("inline", "script-src-attr"): "an inline event handler (on…= attribute) not written in the page's file"
        case ("inline", "style-src-attr"): "a style= attribute"
        case ("inline", let directive) where directive.hasPrefix("style-src"): "an inline <style>"
        case ("inline", _): "an inline <script> not written in the page's file"
        default: "\(blocked)"
        }
    }

    /// The directive an app widens for it: CSP's `-elem`/`-attr` refinements fall back to
    /// the directive the app's policy names.
    var settingDirective: String {
        for suffix in ["-elem", "-attr"] where directive.hasSuffix(suffix) { return String(directive.dropLast(suffix.count)) }
        return directive
    }

    /// The one source that would allow it in `settingDirective`.
    var allowingSource: String {
        switch (blocked, directive) {
        case ("eval", _): "'unsafe-eval'"
        case ("wasm-eval", _): "'wasm-unsafe-eval'"
        case ("inline", let directive) where directive.hasPrefix("script-src-elem") || directive == "script-src": "'strict-dynamic'"
        case ("inline", _): "'unsafe-inline'"
        default: Self.source(of: blocked)
        }
    }

    /// The source expression naming `uri`'s origin (`https://example.com`), or its scheme
    /// (`data:`, `blob:`) where a policy can name only that: `blob:` URLs match `blob:`, never
    /// the origin inside them.
    static func source(of uri: String) -> String {
        let scheme = Origin.scheme(of: uri) ?? uri.prefix { $0 != ":" }.lowercased()
        if !["blob", "data", "filesystem"].contains(scheme), let origin = Origin(uri: uri), !origin.host.isEmpty {
            return origin.description
        }
        return scheme + ":"
    }

    /// The line printed, one line whatever the page sent.
    public var printed: String {
        let place = file.isEmpty ? "(unknown source)" : "\(Self.escaped(file)):\(line):\(column)"
        let setting = "AppScheme.allow([\"\(Self.escaped(allowingSource))\"], for: \"\(settingDirective)\")"
        var text = "Content-Security-Policy refused \(Self.escaped(what)) at \(place) (\(Self.escaped(directive)));"
            + " to allow it: \(setting), or WebApplicationConfiguration.allowedSources[\"\(settingDirective)\"]"
        if blocked == "inline", directive.hasPrefix("script-src") && directive.hasSuffix("-attr") {
            text += " with 'unsafe-inline' (every handler, injected ones too); better attach it with addEventListener"
        }
        return text
    }

    /// At most 300 characters of `text`, every control character, line or paragraph
    /// separator and bidirectional control as `\u{…}`.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars.prefix(300) {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C {
                escaped += "\\u{\(String(value, radix: 16))}"
            } else if scalar == "\\" {
                escaped += "\\\\"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 300 ? escaped + "…" : escaped
    }
}
