/// Edits of a Content-Security-Policy string, for the sources a feature adds to a policy
/// the app chose.
package enum ContentSecurityPolicy {
    /// `policy` with `source` added to `directive`. A policy without that directive falls back
    /// to `default-src` for it, so the directive is added with `default-src`'s sources plus
    /// `source`; a policy without either allows everything already and is returned as is.
    package static func adding(_ source: String, to directive: String, in policy: String) -> String {
        adding([source], to: directive, in: policy)
    }

    /// `adding(_:to:in:)` for several sources at once, in order, each once.
    package static func adding(_ sources: [String], to directive: String, in policy: String) -> String {
        var directives = parse(policy)
        if let index = directives.firstIndex(where: { $0[0].lowercased() == directive }) {
            for source in sources where !directives[index].contains(source) { directives[index].append(source) }
        } else if let fallback = directives.first(where: { $0[0].lowercased() == "default-src" }) {
            var added = [directive] + fallback.dropFirst().filter { $0 != "'none'" }
            for source in sources where !added.contains(source) { added.append(source) }
            directives.append(added)
        } else {
            return policy
        }
        return directives.map { $0.joined(separator: " ") }.joined(separator: "; ")
    }

    /// `policy` with `hashes` (`'sha256-…'` sources of inline elements) added to `directive`,
    /// unless the directive (or `default-src` in its place) allows every inline element
    /// already with `'unsafe-inline'`: a hash there would turn that off (CSP Level 2), and
    /// with it the inline code the app's policy meant to allow, `style="…"` attributes too.
    package static func allowingInline(_ hashes: [String], in directive: String, of policy: String) -> String {
        guard !hashes.isEmpty else { return policy }
        let directives = parse(policy)
        let effective = directives.first { $0[0].lowercased() == directive }
            ?? directives.first { $0[0].lowercased() == "default-src" }
        guard let effective, !effective.contains("'unsafe-inline'") else { return policy }
        return adding(hashes, to: directive, in: policy)
    }

    /// `policy` with `hashes` (`'sha256-…'` of the values of a file's own `on…` attributes)
    /// allowing those event handlers and no others: `'unsafe-hashes'` and the hashes go in
    /// `script-src-attr` (made for them where the policy has none), so they match handler
    /// attributes only — the hashes of inline `<script>` elements in `script-src` never do,
    /// and `javascript:` URLs (checked against `script-src-elem`) stay refused. Unchanged
    /// where the policy allows every handler already (`'unsafe-inline'`, or no `script-src`
    /// nor `default-src`).
    package static func allowingEventHandlers(_ hashes: [String], of policy: String) -> String {
        guard !hashes.isEmpty else { return policy }
        let directives = parse(policy)
        let effective = ["script-src-attr", "script-src", "default-src"].lazy
            .compactMap { name in directives.first { $0[0].lowercased() == name } }.first
        guard let effective, !effective.contains("'unsafe-inline'") else { return policy }
        let sources = ["'unsafe-hashes'"] + hashes
        if directives.contains(where: { $0[0].lowercased() == "script-src-attr" }) {
            return adding(sources, to: "script-src-attr", in: policy)
        }
        var unique: [String] = []
        for source in sources where !unique.contains(source) { unique.append(source) }
        return (directives + [["script-src-attr"] + unique]).map { $0.joined(separator: " ") }.joined(separator: "; ")
    }

    /// Whether `directive` (or `default-src` in its place) of `policy` holds `source`.
    package static func directive(_ directive: String, of policy: String, contains source: String) -> Bool {
        let directives = parse(policy)
        let effective = directives.first { $0[0].lowercased() == directive }
            ?? directives.first { $0[0].lowercased() == "default-src" }
        return effective?.dropFirst().contains { $0.lowercased() == source.lowercased() } ?? false
    }

    private static func parse(_ policy: String) -> [[String]] {
        policy.split(separator: ";").map { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
    }
}
