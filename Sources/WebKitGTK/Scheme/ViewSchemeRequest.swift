import CWebKitGTKHelpers
import FoundationEssentials
import GLibCore

/// One request to a `ViewScheme`: its URI, method and body, answered exactly once with a
/// status and a body (bytes held in memory, handed to WebKit without a copy), or dropped
/// unanswered with 500.
@MainActor
public final class ViewSchemeRequest {
    private let request: ObjectReference<WebKitURISchemeRequest>
    private var answered = false

    /// Taken while WebKit hands the request over: later, WebKit may no longer have it.
    private var bodyStream: ObjectReference<GInputStream>?

    init(_ request: UnsafeMutablePointer<WebKitURISchemeRequest>) {
        self.request = ObjectReference(retaining: request)
        bodyStream = webkit_uri_scheme_request_get_http_body(request).map { ObjectReference(adopting: $0) }
    }

    /// The whole URI, as the page asked for it.
    public var uri: String { String(cString: webkit_uri_scheme_request_get_uri(request.pointer)) }
    /// The HTTP method (`POST` for the bridge's calls; `GET` when WebKit gives none).
    public var method: String {
        webkit_uri_scheme_request_get_http_method(request.pointer).map { String(cString: $0) } ?? "GET"
    }

    /// Thrown by `body(limit:)` for a body over the limit; nothing past the limit is read.
    public struct BodyTooLarge: Error {
        /// The most bytes the caller would read.
        public let limit: Int
    }

    /// The request body (empty without one), read in large chunks off the main loop's
    /// stream; throws `BodyTooLarge` as soon as it is longer than `limit`.
    public func body(limit: Int) async throws -> Data {
        guard let body = bodyStream else { return Data() }
        bodyStream = nil
        var data = Data()
        let declared = webkit_uri_scheme_request_get_http_headers(request.pointer)
            .map { Int(soup_message_headers_get_content_length($0)) } ?? 0
        if declared > limit { throw BodyTooLarge(limit: limit) }
        data.reserveCapacity(declared)
        while true {
            let chunk = try await asyncCall(start: { callback, userData in
                g_input_stream_read_bytes_async(body.pointer, gsize(4 << 20), G_PRIORITY_DEFAULT, nil, callback, userData)
            }, finish: { result in
                try throwingGError { g_input_stream_read_bytes_finish(body.pointer, result, $0) }!
            })
            defer { g_bytes_unref(chunk) }
            var size: gsize = 0
            guard let bytes = g_bytes_get_data(chunk, &size), size > 0 else { return data }
            guard data.count + Int(size) <= limit else { throw BodyTooLarge(limit: limit) }
            data.append(bytes.assumingMemoryBound(to: UInt8.self), count: Int(size))
        }
    }

    /// Answers with `body`, which WebKit reads in place: no copy is made of a large body.
    public func respond(status: Int, contentType: String, body: Data) {
        let bytes: OpaquePointer
        if body.count < Self.copiedBodyLimit {
            bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        } else {
            // A large Data keeps its bytes in one heap buffer that lives as long as it does:
            // the box keeps it until the GBytes is freed, on whichever thread that happens.
            let holder = ClosureBox.retainedPointer(for: body)
            bytes = ClosureBox<Data>.from(holder).withUnsafeBytes { buffer in
                g_bytes_new_with_free_func(buffer.baseAddress, gsize(buffer.count), ClosureBox<Data>.destroyNotify, holder)
            }
        }
        let stream = g_memory_input_stream_new_from_bytes(bytes)!
        g_bytes_unref(bytes)
        defer { g_object_unref(stream) }
        respond(status: status, contentType: contentType, stream: stream, length: body.count)
    }

    /// Bodies shorter than this are copied: a small Data may keep its bytes inline, where no
    /// pointer to them outlives the call.
    private static let copiedBodyLimit = 4096

    /// Answers with a small body given as bytes.
    public func respond(status: Int, contentType: String, body: [UInt8]) {
        respond(status: status, contentType: contentType, body: Data(body))
    }

    private func respond(status: Int, contentType: String, stream: UnsafeMutablePointer<GInputStream>, length: Int) {
        guard !answered else { return }
        answered = true
        let response = webkit_uri_scheme_response_new(stream, gint64(length))!
        defer { g_object_unref(response) }
        webkit_uri_scheme_response_set_status(response, guint(status), nil)
        webkit_uri_scheme_response_set_content_type(response, contentType)
        let headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_RESPONSE)!
        for (name, value) in [("Content-Type", contentType), ("Content-Length", String(length)),
                              ("Access-Control-Allow-Origin", "*"), ("Cache-Control", "no-store"),
                              ("X-Content-Type-Options", "nosniff")] {
            soup_message_headers_append(headers, name, value)
        }
        webkit_uri_scheme_response_set_http_headers(response, headers)
        webkit_uri_scheme_request_finish_with_response(request.pointer, response)
    }

    isolated deinit {
        respond(status: 500, contentType: "text/plain", body: Array("the request was not answered".utf8))
    }
}

