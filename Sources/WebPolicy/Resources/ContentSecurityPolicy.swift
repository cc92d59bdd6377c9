/// Edits of a Content-Security-Policy string, for the sources a feature adds to a policy
/// the app chose.
package enum ContentSecurityPolicy {
    /// `policy` with `source` added to `directive`. A policy without that directive falls back
    /// to `default-src` for it, so the directive is added with `default-src`'s sources plus
    /// `source`; a policy without either allows everything already and is returned as is.
    package static func adding(_ source: String, to directive: String, in policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.split(separator: " ").map(String.init) }
            .filter { !$0.isEmpty }
        if let index = directives.firstIndex(where: { $0[0].lowercased() == directive }) {
            if !directives[index].contains(source) { directives[index].append(source) }
        } else if let fallback = directives.first(where: { $0[0].lowercased() == "default-src" }) {
            directives.append([directive] + fallback.dropFirst().filter { $0 != "'none'" } + [source])
        } else {
            return policy
        }
        return directives.map { $0.joined(separator: " ") }.joined(separator: "; ")
    }
}
