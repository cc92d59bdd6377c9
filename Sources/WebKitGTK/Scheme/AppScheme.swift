import FoundationEssentials
import WebOrigin
import LoopbackMedia
import WebPolicy

/// A custom URI scheme (`app://localhost/…` by default) serving one directory of local
/// content — the app's own pages — with fixed MIME types, a Content-Security-Policy and
/// byte ranges. Nothing outside the directory is reachable (see `ResourcePath`,
/// `ResourceRoot`); anything not found, refused or of another host gets a 404.
///
/// Why a scheme instead of `file://`: every file URL is its own opaque origin that can
/// reach other files if file access is widened, while `app://localhost` is one origin
/// the navigation policy and the bridge can name, whose responses carry headers (CSP,
/// nosniff) and whose reach is the root directory and nothing else.
///
/// Registered on a `WebContext` with `WebContext.register(_:)`: as *secure* (its pages
/// are secure contexts, like https, so `crypto.subtle`, notifications and the like work
/// and https content in them is not mixed content), as *CORS-enabled* (so `fetch()` and
/// XHR from its own pages work; other origins still get no `Access-Control-Allow-Origin`
/// and cannot read its responses) and as *display-isolated* (only pages of this scheme
/// may embed or navigate to its resources; a web page cannot even load its images).
///
/// Media: WebKitGTK's GStreamer backend plays only blob:, data:, file:, http: and https:
/// URLs (WebKit bug 146351), so `<audio src="app://…">` cannot play from the scheme itself.
/// `serveMedia(from:)` hands the root's audio and video to a loopback `MediaServer` and
/// makes the pages' media URLs resolve to it, so `<video src="clip.webm">` plays and seeks
/// unchanged. Byte ranges (206/416) here serve `fetch()` and downloads.
public struct AppScheme: Sendable {
    /// The scheme name, lower case.
    public let name: String
    /// The only host served; requests for any other host get 404, so the scheme has one origin.
    public let host: String
    /// The directory served, links resolved once at init; nothing outside it is reachable.
    public let root: ResourceRoot
    /// Sent with every served file; nil sends none.
    public var contentSecurityPolicy: String?
    /// Where the pages' media elements load from, once `serveMedia(from:)` was called.
    public private(set) var mediaServer: MediaServer?
    /// The script written into every page after the policy (see `MediaURLScript`).
    var pageScript: String?

    /// Pages may use their own files, inline styles and data:/blob: images and media; scripts
    /// from files of the root, the file's own inline scripts and event-handler attributes
    /// (each allowed by its hash, added when the file is served: script a page inserts at run
    /// time — a `<script>` element, an `onclick` set by `innerHTML` or `setAttribute` — and
    /// `eval` stay refused), WebAssembly (`'wasm-unsafe-eval'`), workers from
    /// the root and from `blob:` URLs; no plugins, no framing by other origins, and network
    /// access (fetch, WebSocket, forms) only to the scheme itself and to the bridge's
    /// binary-channel scheme (`webviewhost-bridge:`, WebBridgeGTK's `ViewScheme.bridge`).
    /// `allow(_:for:)` widens it.
    public static let defaultContentSecurityPolicy = [
        "default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:", "media-src 'self' data: blob:", "font-src 'self' data:",
        "connect-src 'self' webviewhost-bridge:", "worker-src 'self' blob:", "object-src 'none'", "base-uri 'self'",
        "form-action 'self'", "frame-ancestors 'self'",
    ].joined(separator: "; ")

    /// Serves `directory` as `name://host/`. Throws when the directory does not exist.
    public init(name: String = "app", host: String = "localhost", directory: String,
                contentSecurityPolicy: String? = AppScheme.defaultContentSecurityPolicy) throws(ResourceRootError) {
        self.name = name.lowercased()
        self.host = host.lowercased()
        self.root = try ResourceRoot(path: directory)
        self.contentSecurityPolicy = contentSecurityPolicy
    }

    /// Widens the pages' policy, the one place an app adjusts it: adds `sources` to
    /// `directive`, such as `allow(["http://127.0.0.1:5173", "ws://127.0.0.1:5173"], for: "connect-src")`
    /// for a dev server or an API, or `allow(["'unsafe-eval'"], for: "script-src")` for a
    /// library that insists on `new Function`. A scheme without a policy allows everything
    /// already and is left so. Throws, changing nothing, for a directive or source that is
    /// not one word of CSP syntax (a `;` or `,` would smuggle in more than was asked).
    public mutating func allow(_ sources: [String], for directive: String) throws(AppSchemePolicyError) {
        let name = directive.lowercased()
        guard !name.isEmpty, name.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }) else {
            throw .invalidDirective(directive)
        }
        for source in sources {
            let quoted = source.hasPrefix("'")
            guard !source.isEmpty, quoted == (source.count > 1 && source.hasSuffix("'")),
                  !source.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F || ";,".unicodeScalars.contains($0) })
            else { throw .invalidSource(source, directive: directive) }
        }
        contentSecurityPolicy = contentSecurityPolicy.map { ContentSecurityPolicy.adding(sources, to: name, in: $0) }
    }

    /// How `html`, one of the root's HTML files, is served: the scheme's policy with the hash
    /// of each of the file's inline scripts (and of the media script) in `script-src`, of its `<style>` elements in
    /// `style-src` (where `'unsafe-inline'` does not allow them all already) and of its
    /// event-handler attributes in `script-src-attr` (with `'unsafe-hashes'`), for the
    /// response's header; and the file as sent — unchanged but for the media script on its
    /// first line and, where the app's `script-src` has `'strict-dynamic'`, a `nonce`
    /// attribute (fresh for each response, and in the policy) on each of its `<script>` tags,
    /// so its own external scripts keep loading and may add scripts of their own.
    func served(html: [UInt8]) -> (policy: String?, html: [UInt8]) {
        var page = html
        var policy = contentSecurityPolicy
        if let scheme = policy {
            let inline = InlineElements(html: html)
            // The page script's hash too goes in only where no 'unsafe-inline' allows it already:
            // there a hash would turn 'unsafe-inline' off, and with it what the app allowed.
            let scripts = inline.scripts + (pageScript.map { [Array($0.utf8)] } ?? [])
            let withScripts = ContentSecurityPolicy.allowingInline(scripts.map(PolicyHash.source), in: "script-src", of: scheme)
            let withStyles = ContentSecurityPolicy.allowingInline(inline.styles.map(PolicyHash.source), in: "style-src", of: withScripts)
            policy = ContentSecurityPolicy.allowingEventHandlers(inline.eventHandlers.map(PolicyHash.source), of: withStyles)
            if ContentSecurityPolicy.directive("script-src", of: scheme, contains: "'strict-dynamic'") {
                var random = SystemRandomNumberGenerator()
                let nonce = Data((0..<18).map { _ in UInt8.random(in: .min ... .max, using: &random) }).base64EncodedString()
                policy = policy.map { ContentSecurityPolicy.adding("'nonce-\(nonce)'", to: "script-src", in: $0) }
                for nameEnd in inline.scriptTagNameEnds.reversed() {
                    page.insert(contentsOf: Array(" nonce=\"\(nonce)\"".utf8), at: nameEnd)
                }
            }
        }
        if let pageScript { page = PageScriptTag.insert(script: pageScript, into: page) }
        return (policy, page)
    }

    /// Makes the pages' `<video>`, `<audio>` and `<source>` URLs of this scheme load from
    /// `server` (which must serve this scheme's root): the pages get a small script that
    /// rewrites them, and the policy's `media-src` allows the server's origin and each page's
    /// `script-src` that script's hash, nothing more. Call before `WebContext.register(_:)`.
    @MainActor
    public mutating func serveMedia(from server: MediaServer) {
        let script = MediaURLScript(scheme: name, host: host, serverBaseURI: server.baseURI)
        mediaServer = server
        pageScript = script.source
        contentSecurityPolicy = contentSecurityPolicy.map { ContentSecurityPolicy.adding(server.origin, to: "media-src", in: $0) }
    }

    /// `serveMedia(from:)` with a new `MediaServer` for this scheme's root and pages.
    @MainActor
    public mutating func serveMediaFromLoopback() throws(MediaServerError) {
        serveMedia(from: try MediaServer(root: root, pageOrigin: origin))
    }

    /// The origin of every page this scheme serves; add it to a `NavigationPolicy`.
    public var origin: Origin { Origin(scheme: name, host: host, port: nil) }

    /// The file an URI of this scheme names, with the checks its requests get (origin, path
    /// inside the root, a regular file); nil otherwise. WebKit cannot download from a custom
    /// scheme, so `Downloads` copies such files itself.
    public func file(forURI uri: String) -> URL? {
        guard Origin(uri: uri) == origin else { return nil }
        let afterHost = uri.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }
        guard let path = ResourcePath(requestPath: String(afterHost.prefix { $0 != "?" && $0 != "#" })),
              let file = root.file(for: path) else { return nil }
        return URL(fileURLWithPath: file)
    }

    /// The URI of a file under the root, such as `uri(for: "index.html")`.
    public func uri(for relativePath: String) -> String {
        "\(name)://\(host)/" + relativePath.drop(while: { $0 == "/" })
    }
}
