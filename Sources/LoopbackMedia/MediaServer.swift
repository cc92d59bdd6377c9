import CSoup
import CGLib
import FoundationEssentials
import Glibc
import GLibCore
import WebOrigin
import WebPolicy

/// Serves the audio and video files of a `ResourceRoot` over HTTP on 127.0.0.1, for the
/// app's own pages' media elements.
///
/// Why it exists: WebKitGTK's media player refuses custom schemes (WebKit bug 146351), so
/// `<video src="clip.webm">` in an `app://` page cannot play from the scheme. An HTTP server
/// on the loopback interface can, with byte ranges, and libsoup's server runs on the GLib
/// loop the app already turns. `AppScheme.serveMedia(from:)` points the app's pages at it.
///
/// What limits who can use it:
/// - it listens on 127.0.0.1 only, on a port the system picks;
/// - every URL starts with a random 128-bit token made per launch, given only to the app's
///   pages (written into the pages the scheme serves); a request without it gets 404;
/// - it serves only regular files under the root whose type is audio or video (`MIMEType`),
///   with `ResourcePath`'s and `ResourceRoot`'s refusal of every escape; all else is 404;
/// - GET and HEAD only; a `Host` other than its own address (DNS rebinding), an `Origin` or
///   a `Referer` of another origin is refused with 403;
/// - CORS allows the app's origin alone (for `<video crossorigin>` and canvas), so a page of
///   any other origin cannot read the bytes.
///
/// Files are streamed from disk in `chunkSize` pieces as the client reads them, so memory
/// does not grow with the file; `Range` gets 206, an unsatisfiable range 416.
@MainActor
public final class MediaServer {
    /// The directory served.
    public let root: ResourceRoot
    /// The origin of the pages allowed to use the server (sent as `Origin` / `Referer`).
    public let pageOrigin: Origin
    /// The port on 127.0.0.1.
    public let port: Int
    /// The per-launch secret first path segment.
    let token: String

    /// How much of a file is read into memory at a time.
    static let chunkSize = 64 << 10

    private let server: UnsafeMutablePointer<SoupServer>
    /// Responses being streamed, kept until libsoup reports them finished.
    private var bodies: [ObjectIdentifier: MediaBodyWriter] = [:]

    /// Starts listening on a free port of 127.0.0.1, serving `root` to pages of `pageOrigin`.
    public init(root: ResourceRoot, pageOrigin: Origin) throws(MediaServerError) {
        self.root = root
        self.pageOrigin = pageOrigin
        token = SecretToken.random128()
        do throws(GLibError) {
            (server, port) = try LoopbackSoupServer.listen()
        } catch {
            throw .cannotListen(error.description)
        }
        typealias H = @MainActor (OpaquePointer) -> Void
        let handle: H = { [weak self] message in self?.handle(message) }
        // The handler's `path` argument is already percent-decoded; the request URI's path is
        // not, so `ResourcePath` decodes it exactly once and sees every encoded separator.
        soup_server_add_handler(server, nil, { _, message, _, _, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(message!) }
        }, ClosureBox.retainedPointer(for: handle), ClosureBox<H>.destroyNotify)
    }

    /// How many responses are being streamed now; each holds an open file until its client
    /// has read it or gone away.
    public var responsesInProgress: Int { bodies.count }

    /// `http://127.0.0.1:PORT`, for the pages' `media-src`.
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// The URL every served file's path is appended to (it ends in `/`).
    public var baseURI: String { "\(origin)/\(token)/" }

    /// The URL of a file of the root.
    public func uri(for resource: ResourcePath) -> String {
        baseURI + resource.segments.map(Self.percentEncoded).joined(separator: "/")
    }

    /// Stops listening and drops every response in progress; removing the handler releases
    /// its closure.
    public func stop() {
        soup_server_disconnect(server)
        soup_server_remove_handler(server, nil)
        bodies = [:]
    }

    isolated deinit {
        stop()
        g_object_unref(server)
    }

    private func handle(_ message: OpaquePointer) {
        let path = String(cString: g_uri_get_path(soup_server_message_get_uri(message)))
        let method = String(cString: soup_server_message_get_method(message))
        let headers = soup_server_message_get_request_headers(message)
        func header(_ name: String) -> String? { string(soup_message_headers_get_one(headers, name)) }
        guard method == "GET" || method == "HEAD" else { return refuse(message, status: 405) }
        guard header("Host") == "127.0.0.1:\(port)", isFromPage(origin: header("Origin"), referer: header("Referer")) else {
            return refuse(message, status: 403)
        }
        guard let file = file(forRequestPath: path) else { return refuse(message, status: 404) }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            return refuse(message, status: 404)
        }
        let length = Int(info.st_size)
        let range = ByteRange(header: header("Range"), length: length)
        setCommonHeaders(of: message, range: range, length: length, corsRequest: header("Origin") != nil)
        let first: Int, count: Int
        switch range {
        case .unsatisfiable: close(descriptor); return refuse(message, status: 416)
        case .whole: (first, count) = (0, length)
        case .partial(let start, let last): (first, count) = (start, last - start + 1)
        }
        let responseHeaders = soup_server_message_get_response_headers(message)
        soup_server_message_set_status(message, range == .whole ? 200 : 206, nil)
        soup_message_headers_set_content_type(responseHeaders, MIMEType.forPath(file), nil)
        soup_message_headers_set_encoding(responseHeaders, SOUP_ENCODING_CONTENT_LENGTH)
        soup_message_headers_set_content_length(responseHeaders, goffset(count))
        guard method == "GET", count > 0 else { close(descriptor); return }
        let writer = MediaBodyWriter(message: message, descriptor: descriptor, offset: first, count: count,
                                     chunkSize: Self.chunkSize) { [weak self] writer in
            self?.bodies[ObjectIdentifier(writer)] = nil
        }
        bodies[ObjectIdentifier(writer)] = writer
    }

    /// Headers every answer about an existing file carries, 416 included.
    private func setCommonHeaders(of message: OpaquePointer, range: ByteRange, length: Int, corsRequest: Bool) {
        let headers = soup_server_message_get_response_headers(message)
        var values = ["Accept-Ranges": "bytes", "X-Content-Type-Options": "nosniff",
                      "Cache-Control": "no-cache", "Referrer-Policy": "no-referrer"]
        if corsRequest {
            // Only the app's pages get this far with an `Origin`: `<video crossorigin>` and canvas
            // use need it; every other origin gets no CORS header and cannot read the bytes.
            values["Access-Control-Allow-Origin"] = pageOrigin.description
            values["Vary"] = "Origin"
        }
        values["Content-Range"] = range.contentRange(length: length)
        for (name, value) in values { soup_message_headers_replace(headers, name, value) }
    }

    /// The real path of the media file `path` (`/TOKEN/…`, still percent-encoded) names, or nil.
    func file(forRequestPath path: String) -> String? {
        let parts = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].isEmpty else { return nil }
        let rest = parts[1].split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard rest.count == 2, Self.constantTimeEqual(String(rest[0]), token),
              let resource = ResourcePath(requestPath: String(rest[1])), !resource.segments.isEmpty,
              let file = root.file(for: resource) else { return nil }
        let type = MIMEType.forPath(file)
        return type.hasPrefix("audio/") || type.hasPrefix("video/") ? file : nil
    }

    /// Whether `Origin` and `Referer`, when sent, name the app's pages.
    private func isFromPage(origin: String?, referer: String?) -> Bool {
        if let origin, Origin(uri: origin + "/") != pageOrigin { return false }
        if let referer, Origin(uri: referer) != pageOrigin { return false }
        return true
    }

    private func refuse(_ message: OpaquePointer, status: UInt32) {
        soup_server_message_set_status(message, status, nil)
        let text = Array((string(soup_status_get_phrase(status)) ?? "Refused").utf8)
        text.withUnsafeBufferPointer { buffer in
            soup_server_message_set_response(message, "text/plain", SOUP_MEMORY_COPY, buffer.baseAddress, gsize(buffer.count))
        }
    }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func percentEncoded(_ segment: String) -> String {
        // RFC 3986's unreserved characters and the sub-delimiters a path may hold, as Foundation's
        // `.urlPathAllowed` without "/;?#" gives them.
        let escaped = g_uri_escape_string(segment, "!$&'()*+,:=@", 0)!
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}

/// Why the media server could not start.
public enum MediaServerError: Error, Equatable, Sendable {
    /// libsoup could not listen on a port of 127.0.0.1; the text is GLib's message, for the
    /// log. No server was made, so the scheme's pages keep no media URLs pointing at one.
    case cannotListen(String)
}
