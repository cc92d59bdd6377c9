import CWebKitGTKHelpers
import Foundation

/// An HTTP server on 127.0.0.1 (a free port) running on the GLib loop, for integration tests.
///
/// Pages are routes of exact paths; every request is recorded. Two servers are two origins.
@MainActor
public final class LoopbackServer {
    /// One request the server received.
    public struct Request: Sendable {
        public let method: String
        public let path: String
        /// Header names lower-cased.
        public let headers: [String: String]
    }

    /// What a route answers.
    public struct Response {
        public var status: UInt32
        public var contentType: String
        public var body: [UInt8]
        public var headers: [String: String]
        /// More of the body, sent (chunked) only this long after `body`.
        public var rest: (body: [UInt8], delay: Duration)?

        public init(status: UInt32 = 200, contentType: String = "text/html", body: String, headers: [String: String] = [:]) {
            self.status = status
            self.contentType = contentType
            self.body = Array(body.utf8)
            self.headers = headers
        }

        /// `first` at once, then `rest` after `delay`: a page that commits with its first bytes
        /// and is parsed further only later.
        public static func inTwoParts(_ first: String, then rest: String, after delay: Duration,
                                      contentType: String = "text/html") -> Response {
            var response = Response(contentType: contentType, body: first)
            response.rest = (Array(rest.utf8), delay)
            return response
        }
    }

    public typealias Route = @MainActor (Request) -> Response

    private let server: UnsafeMutablePointer<SoupServer>
    private var routes: [String: Route] = [:]
    public private(set) var requests: [Request] = []
    public let port: Int
    private var box: Unmanaged<AnyObject>?

    /// Whether it speaks HTTPS.
    public let isSecure: Bool

    /// Listens on a free port of 127.0.0.1; with `tlsPEM` (a certificate and its private key,
    /// PEM), over HTTPS.
    public init(tlsPEM: String? = nil) throws {
        server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)!)
            .assumingMemoryBound(to: SoupServer.self)
        isSecure = tlsPEM != nil
        var error: UnsafeMutablePointer<GError>?
        var options = SOUP_SERVER_LISTEN_IPV4_ONLY
        if let tlsPEM {
            guard let certificate = g_tls_certificate_new_from_pem(tlsPEM, -1, &error) else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "bad certificate"
                g_clear_error(&error)
                throw LoopbackServerError(message: message)
            }
            soup_server_set_tls_certificate(server, certificate)
            g_object_unref(certificate)
            options = SoupServerListenOptions(options.rawValue | SOUP_SERVER_LISTEN_HTTPS.rawValue)
        }
        guard soup_server_listen_local(server, 0, options, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "listen failed"
            g_clear_error(&error)
            g_object_unref(server)
            throw LoopbackServerError(message: message)
        }
        let uris = soup_server_get_uris(server)
        let uri = OpaquePointer(uris!.pointee.data)
        port = Int(g_uri_get_port(uri))
        g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) }
        typealias H = @MainActor (OpaquePointer, String) -> Void
        let handler: H = { [weak self] message, path in self?.handle(message, path: path) }
        let box = Unmanaged.passRetained(Holder(handler) as AnyObject)
        self.box = box
        soup_server_add_handler(server, nil, { _, message, path, _, data in
            let handler = Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Holder<H>
            MainActor.assumeIsolated { handler.value(message!, String(cString: path!)) }
        }, box.toOpaque(), nil)
    }

    /// `http://127.0.0.1:PORT` (or `https:`)
    public var origin: String { "\(isSecure ? "https" : "http")://127.0.0.1:\(port)" }

    /// The full URL of `path` on this server.
    public func url(_ path: String) -> String { origin + path }

    /// Answers GET/POST for `path` (exact, without query) with `route`.
    public func route(_ path: String, _ route: @escaping Route) {
        routes[path] = route
    }

    /// Serves a fixed HTML page at `path`.
    public func page(_ path: String, _ html: String) {
        route(path) { _ in Response(body: html) }
    }

    /// Serves `bytes` bytes of `x` at `path` as a download (`Content-Disposition: attachment`).
    public func attachment(_ path: String, named name: String, bytes: Int) {
        route(path) { _ in
            Response(contentType: "application/octet-stream", body: String(repeating: "x", count: bytes),
                     headers: ["Content-Disposition": "attachment; filename=\"\(name)\""])
        }
    }

    /// The paths requested so far.
    public var requestedPaths: [String] { requests.map(\.path) }

    /// Stops listening and releases the handler.
    public func stop() {
        soup_server_disconnect(server)
        soup_server_remove_handler(server, nil)
        box?.release()
        box = nil
    }

    private func handle(_ message: OpaquePointer, path: String) {
        var headers: [String: String] = [:]
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, soup_server_message_get_request_headers(message))
        var name: UnsafePointer<CChar>?
        var value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            headers[String(cString: name!).lowercased()] = String(cString: value!)
        }
        let request = Request(method: String(cString: soup_server_message_get_method(message)), path: path, headers: headers)
        requests.append(request)
        let response = routes[path].map { $0(request) } ?? Response(status: 404, contentType: "text/plain", body: "not found")
        soup_server_message_set_status(message, response.status, nil)
        let responseHeaders = soup_server_message_get_response_headers(message)
        for (name, value) in response.headers { soup_message_headers_append(responseHeaders, name, value) }
        guard let rest = response.rest else {
            return response.body.withUnsafeBufferPointer { buffer in
                soup_server_message_set_response(message, response.contentType, SOUP_MEMORY_COPY, buffer.baseAddress, gsize(buffer.count))
            }
        }
        soup_message_headers_set_content_type(responseHeaders, response.contentType, nil)
        soup_message_headers_set_encoding(responseHeaders, SOUP_ENCODING_CHUNKED)
        let body = soup_server_message_get_response_body(message)
        Self.append(response.body, to: body)
        // The server pauses the message once it has written what there is; it stays alive
        // (a reference of ours) until the rest is written.
        let retained = g_object_ref(UnsafeMutableRawPointer(message))
        Task { @MainActor in
            try? await Task.sleep(for: rest.delay)
            Self.append(rest.body, to: body)
            soup_message_body_complete(body)
            soup_server_message_unpause(message)
            g_object_unref(retained)
        }
    }

    private static func append(_ bytes: [UInt8], to body: UnsafeMutablePointer<SoupMessageBody>?) {
        bytes.withUnsafeBufferPointer { soup_message_body_append(body, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count)) }
    }

    isolated deinit {
        stop()
        g_object_unref(server)
    }
}

private final class Holder<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The test server could not start.
public struct LoopbackServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { "loopback server: \(message)" }
}
