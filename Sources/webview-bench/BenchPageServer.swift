import CWebKitGTKHelpers
import GLibCore
import WebKitGTK
import LoopbackMedia

/// Serves the benchmark's page over HTTP on 127.0.0.1, cross-origin isolated.
///
/// Why: WebKit gives a page's `performance.now()` a resolution of 1 ms, and 20 µs only to a
/// cross-origin isolated page (`Cross-Origin-Opener-Policy: same-origin` with
/// `Cross-Origin-Embedder-Policy: require-corp`, from a secure context: loopback HTTP is one).
/// A small call takes ~250 µs, so with 1 ms ticks a call cannot be timed on its own and the
/// floor and the bridge could only alternate in rounds of hundreds of calls, each round
/// seeing other machine noise. With 20 µs ticks they alternate call by call. Isolation
/// changes what the page may embed, not what a call costs.
@MainActor
final class BenchPageServer {
    /// `http://127.0.0.1:PORT`: the page's origin, which the bench's bridges trust.
    let origin: String
    private let server: UnsafeMutablePointer<SoupServer>

    init(page: String) throws {
        let (server, port) = try LoopbackSoupServer.listen()
        self.server = server
        origin = "http://127.0.0.1:\(port)"
        // The page's bytes live as long as the server: its handler is removed on deinit.
        soup_server_add_handler(server, nil, { _, message, path, _, data in
            let headers = soup_server_message_get_response_headers(message)
            guard String(cString: path!) == "/" else {
                soup_server_message_set_status(message, 404, nil)
                return
            }
            soup_message_headers_append(headers, "Cross-Origin-Opener-Policy", "same-origin")
            soup_message_headers_append(headers, "Cross-Origin-Embedder-Policy", "require-corp")
            soup_message_headers_append(headers, "Cache-Control", "no-store")
            var text = ClosureBox<String>.from(data)
            text.withUTF8 { bytes in
                soup_server_message_set_response(message, "text/html; charset=utf-8", SOUP_MEMORY_COPY,
                                                 bytes.baseAddress, gsize(bytes.count))
            }
            soup_server_message_set_status(message, 200, nil)
        }, ClosureBox.retainedPointer(for: page), ClosureBox<String>.destroyNotify)
    }

    isolated deinit {
        soup_server_disconnect(server)
        soup_server_remove_handler(server, nil)
        g_object_unref(server)
    }
}
