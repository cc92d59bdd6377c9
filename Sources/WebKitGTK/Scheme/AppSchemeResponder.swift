import CWebKitGTKHelpers
import GLibCore
import WebOrigin
import WebPolicy

/// Answers the requests of one `AppScheme`: resolves the file, then streams it (or the
/// asked byte range) from a `GFileInputStream` opened asynchronously, so large files never
/// block the main loop; WebKit reads the stream at its own pace.
@MainActor
final class AppSchemeResponder {
    let scheme: AppScheme

    /// The most bytes read into memory for a bounded range (`bytes=a-b`); a larger range is
    /// answered with its first part, as `Content-Range` states (RFC 9110 lets a server send less).
    /// Open-ended ranges (`bytes=a-`) are streamed from the file instead.
    static let maximumBoundedRange: Int = 4 << 20

    init(scheme: AppScheme) {
        self.scheme = scheme
    }

    func respond(to request: UnsafeMutablePointer<WebKitURISchemeRequest>) {
        let request = ObjectReference(retaining: request)
        let method = string(webkit_uri_scheme_request_get_http_method(request.pointer)) ?? "GET"
        guard method == "GET" || method == "HEAD" else {
            return finish(request, status: 405, text: "Method not allowed")
        }
        guard let file = resolve(request) else { return notFound(request) }
        let headers = webkit_uri_scheme_request_get_http_headers(request.pointer)
        let rangeHeader = headers.flatMap { string(soup_message_headers_get_one($0, "Range")) }
        Task { await serve(file: file, range: rangeHeader, to: request) }
    }

    /// The real path of the file the request names, or nil (wrong host, refused path, no file).
    private func resolve(_ request: ObjectReference<WebKitURISchemeRequest>) -> String? {
        guard let uri = string(webkit_uri_scheme_request_get_uri(request.pointer)),
              let origin = Origin(uri: uri), origin == scheme.origin,
              let rawPath = string(webkit_uri_scheme_request_get_path(request.pointer)),
              let path = ResourcePath(requestPath: rawPath) else { return nil }
        return scheme.root.file(for: path)
    }

    private func serve(file path: String, range header: String?, to request: ObjectReference<WebKitURISchemeRequest>) async {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file!)) }
        do {
            let stream = try await asyncCall(start: { callback, data in
                g_file_read_async(file, G_PRIORITY_DEFAULT, nil, callback, data)
            }, finish: { result in
                ObjectReference(adopting: try throwingGError { g_file_read_finish(file, result, $0) }!)
            })
            let info = try throwingGError {
                g_file_input_stream_query_info(stream.pointer, G_FILE_ATTRIBUTE_STANDARD_SIZE, nil, $0)
            }!
            let length = Int(g_file_info_get_size(info))
            g_object_unref(UnsafeMutableRawPointer(info))
            let mimeType = MIMEType.forPath(path)
            if mimeType == "text/html", scheme.contentSecurityPolicy != nil || scheme.pageScript != nil {
                // Read whole for its hashes, and possibly given a script or nonces: always sent whole.
                let html = try await readAll(from: ObjectReference(retaining: stream.cast()))
                let page = scheme.served(html: html)
                return finish(request, status: 200, bytes: page.html, mimeType: mimeType,
                              extraHeaders: page.policy.map { ["Content-Security-Policy": $0] } ?? [:])
            }
            switch ByteRange(header: header, length: length) {
            case .whole:
                finish(request, status: 200, stream: stream.cast(), length: length, mimeType: mimeType,
                       extraHeaders: [:])
            case .unsatisfiable:
                finish(request, status: 416, text: "Range not satisfiable",
                       extraHeaders: ["Content-Range": ByteRange.unsatisfiable.contentRange(length: length)!])
            case .partial(let first, var last):
                _ = try throwingGError { g_seekable_seek(OpaquePointer(stream.pointer), first, G_SEEK_SET, nil, $0) }
                var body: ObjectReference<GInputStream> = ObjectReference(retaining: stream.cast())
                if last < length - 1 {
                    last = min(last, first + Self.maximumBoundedRange - 1)
                    let bytes = try await read(count: last - first + 1, from: body)
                    last = first + Int(g_bytes_get_size(bytes)) - 1
                    body = ObjectReference(adopting: g_memory_input_stream_new_from_bytes(bytes))
                    g_bytes_unref(bytes)
                }
                finish(request, status: 206, stream: body.pointer, length: last - first + 1, mimeType: mimeType,
                       extraHeaders: ["Content-Range": ByteRange.partial(first: first, last: last).contentRange(length: length)!])
            }
        } catch {
            notFound(request)
        }
    }

    private func read(count: Int, from stream: ObjectReference<GInputStream>) async throws -> OpaquePointer {
        try await asyncCall(start: { callback, data in
            g_input_stream_read_bytes_async(stream.pointer, gsize(count), G_PRIORITY_DEFAULT, nil, callback, data)
        }, finish: { result in
            try throwingGError { g_input_stream_read_bytes_finish(stream.pointer, result, $0) }!
        })
    }

    private func readAll(from stream: ObjectReference<GInputStream>) async throws -> [UInt8] {
        var content: [UInt8] = []
        while true {
            let chunk = try await read(count: 64 << 10, from: stream)
            defer { g_bytes_unref(chunk) }
            var size: gsize = 0
            guard let data = g_bytes_get_data(chunk, &size), size > 0 else { return content }
            content.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(size)))
        }
    }

    /// Answers 404 with the error page a failed load shows, Retry included, so a missing page
    /// in the window reads like any other failed load; `fetch()` still sees the 404.
    private func notFound(_ request: ObjectReference<WebKitURISchemeRequest>) {
        let uri = string(webkit_uri_scheme_request_get_uri(request.pointer)) ?? scheme.uri(for: "")
        finish(request, status: 404, bytes: Array(ErrorPage.html(for: .missingFile(uri: uri)).utf8), mimeType: "text/html")
    }

    /// Answers with a small plain-text body (errors).
    private func finish(_ request: ObjectReference<WebKitURISchemeRequest>, status: UInt32, text: String,
                        extraHeaders: [String: String] = [:]) {
        finish(request, status: status, bytes: Array(text.utf8), mimeType: "text/plain", extraHeaders: extraHeaders)
    }

    /// Answers with a body held in memory.
    private func finish(_ request: ObjectReference<WebKitURISchemeRequest>, status: UInt32, bytes: [UInt8],
                        mimeType: String, extraHeaders: [String: String] = [:]) {
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let stream = g_memory_input_stream_new_from_bytes(data)!
        g_bytes_unref(data)
        defer { g_object_unref(stream) }
        finish(request, status: status, stream: stream, length: bytes.count, mimeType: mimeType,
               extraHeaders: extraHeaders)
    }

    private func finish(_ request: ObjectReference<WebKitURISchemeRequest>, status: UInt32,
                        stream: UnsafeMutablePointer<GInputStream>, length: Int, mimeType: String,
                        extraHeaders: [String: String]) {
        let response = webkit_uri_scheme_response_new(stream, length)!
        defer { g_object_unref(response) }
        webkit_uri_scheme_response_set_status(response, status, nil)
        webkit_uri_scheme_response_set_content_type(response, mimeType)
        let headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_RESPONSE)!
        var all = extraHeaders
        all["Content-Type"] = mimeType
        all["X-Content-Type-Options"] = "nosniff"
        all["Accept-Ranges"] = "bytes"
        all["Cache-Control"] = "no-cache"
        all["Content-Length"] = String(length)
        if all["Content-Security-Policy"] == nil, let policy = scheme.contentSecurityPolicy { all["Content-Security-Policy"] = policy }
        for (name, value) in all { soup_message_headers_append(headers, name, value) }
        webkit_uri_scheme_response_set_http_headers(response, headers)
        webkit_uri_scheme_request_finish_with_response(request.pointer, response)
    }
}
