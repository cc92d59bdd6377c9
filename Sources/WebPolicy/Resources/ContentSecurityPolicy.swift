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

    private static func parse(_ policy: String) -> [[String]] {
        policy.split(separator: ";").map { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
    }
}
