/// A web origin — scheme, host and port — the one unit every security decision uses: the
/// navigation policy, the bridge's caller policy, the permission and script-dialog prompts,
/// the app scheme and the command line.
///
/// Parsed by hand from a URI so that the answer is the same everywhere and hostile
/// spellings cannot confuse it: scheme and host are lower-cased, user info is dropped,
/// default ports (80 for http, 443 for https) are omitted, and a `blob:` URI has the
/// origin of the URI inside it. `file:` URIs all share the origin `file://`.
public struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// The scheme, lower-cased (`https`, `app`, `file`): origins of different schemes never match.
    public let scheme: String
    /// The host, lower-cased; empty for `file:` origins.
    public let host: String
    /// The port when it is not the scheme's default (nil for https on 443), so equal origins
    /// compare equal however the URI spelled them.
    public let port: Int?

    /// An origin from its parts, normalized as a parsed one is (lower-cased, default port
    /// dropped), so it compares equal to `Origin(uri:)` of the same page.
    public init(scheme: String, host: String, port: Int? = nil) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port == Self.defaultPorts[self.scheme] ? nil : port
    }

    /// The origin of a hierarchical URI (`scheme://host[:port]/…`); nil for `mailto:`,
    /// `about:`, `data:` and anything malformed.
    public init?(uri: String) {
        guard let scheme = Self.scheme(of: uri) else { return nil }
        var rest = uri.dropFirst(scheme.count + 1)
        if scheme == "blob" {
            guard Self.scheme(of: String(rest)) != "blob", let inner = Origin(uri: String(rest)) else { return nil }
            self = inner
            return
        }
        guard rest.hasPrefix("//") else { return nil }
        rest = rest.dropFirst(2)
        var authority = rest.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = Substring(authority)
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            host = authority[..<colon]
            let portText = authority[authority.index(after: colon)...]
            if !portText.isEmpty {
                guard portText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(portText), value <= 65535 else { return nil }
                port = value
            }
        }
        if scheme != "file", host.isEmpty { return nil }
        self.init(scheme: scheme, host: String(host), port: port)
    }

    /// The lower-cased scheme of a URI, nil when it has none.
    public static func scheme(of uri: String) -> String? {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = uri[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme.lowercased()
    }

    /// What every URI of this origin starts with: `scheme://host[:port]/`.
    public var uriPrefix: String { description + "/" }

    public var description: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    private static let defaultPorts = ["http": 80, "https": 443, "ws": 80, "wss": 443]
}
