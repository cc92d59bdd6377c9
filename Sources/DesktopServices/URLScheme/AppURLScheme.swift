/// A URL scheme of the app's own (`myapp:`): links and `gio open myapp://…` anywhere on the
/// desktop start the app, or reach the running instance, with the URL.
///
/// The desktop finds the app through its `.desktop` file's `MimeType=x-scheme-handler/myapp;`
/// (`swift package deb … --url-scheme myapp` writes it); the launch hands the URL to the
/// primary instance like a file (`Application.onOpen`), and `WebApplication` gives it to the
/// app's `onURL` and to the front window's page as the `url` event instead of opening it as a page.
public struct AppURLScheme: Sendable, Hashable, CustomStringConvertible {
    /// Why a name cannot be the app's scheme.
    public enum NameError: Error, Equatable, CustomStringConvertible {
        /// Not `letter *(letter / digit / "+" / "-" / ".")` (RFC 3986, section 3.1).
        case malformed(String)
        /// A scheme the web or the desktop already means something by (`https`, `file`, `app`).
        case reserved(String)

        /// The problem as a sentence for the developer.
        public var description: String {
            switch self {
            case .malformed(let name):
                "'\(name)' is not a URL scheme: it must start with a letter and hold only letters, digits, '+', '-' and '.'"
            case .reserved(let name): "'\(name)' is a scheme the web or the desktop already uses; choose one of the app's own"
            }
        }
    }

    /// Schemes an app cannot take over: the web's, the desktop's and the library's own.
    static let reserved: Set<String> = ["http", "https", "file", "ftp", "data", "blob", "about", "javascript", "mailto",
                                        "tel", "sms", "ws", "wss", "app", "webviewhost-bridge", "resource", "trash",
                                        "smb", "sftp", "ssh", "x-scheme-handler"]

    /// The scheme's name, lowercased, without the colon.
    public let name: String

    /// The scheme `name` (`"myapp"`, any case); throws for a malformed or reserved one.
    public init(_ name: String) throws(NameError) {
        let lowered = name.lowercased()
        guard let first = lowered.unicodeScalars.first, ("a"..."z").contains(first),
              lowered.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { throw .malformed(name) }
        guard !Self.reserved.contains(lowered) else { throw .reserved(name) }
        self.name = lowered
    }

    /// What the `.desktop` file's `MimeType` lists for it: `x-scheme-handler/myapp`.
    public var mimeType: String { "x-scheme-handler/" + name }

    /// Whether `uri` is of this scheme (`myapp:…`, any case).
    public func matches(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":") else { return false }
        return uri[..<colon].lowercased() == name
    }

    /// `myapp:`
    public var description: String { name + ":" }
}
