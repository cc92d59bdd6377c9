import CWebKitGTKHelpers
import Foundation
import GLibCore
import LoopbackMedia

/// The start-up rows' page on loopback HTTP, and the clock they are read on: each launch gets
/// a page of its own (`/run/ID/`) whose first script fetches `/run/ID/script` and, two
/// animation frames later (the first frame drawn), `/run/ID/paint`; the server notes when
/// each arrives, on the monotonic clock the launcher read when it started the process.
@MainActor
final class StartupServer {
    /// `http://127.0.0.1:PORT`.
    let origin: String
    /// Microseconds on `g_get_monotonic_time`'s clock, by run id and mark (`script`, `paint`).
    private(set) var marks: [String: [String: Int]] = [:]
    private let server: UnsafeMutablePointer<SoupServer>

    /// The page every run loads (its script is inline: the marks must not wait for another request).
    static let page = "<!doctype html><title>start-up</title><p>start-up</p><script>\(EmbeddedJavaScript.startupMarks)</script>"

    init() throws {
        let (server, port) = try LoopbackSoupServer.listen()
        self.server = server
        origin = "http://127.0.0.1:\(port)"
        typealias Mark = @MainActor (String, String) -> Void
        let mark: Mark = { [unowned self] run, name in marks[run, default: [:]][name] = g_get_monotonic_time() }
        soup_server_add_handler(server, "/run", { _, message, path, _, data in
            let parts = String(cString: path!).split(separator: "/").map(String.init)
            guard parts.count >= 2, parts[0] == "run" else { return soup_server_message_set_status(message, 404, nil) }
            if parts.count == 3 {
                MainActor.assumeIsolated { ClosureBox<Mark>.from(data)(parts[1], parts[2]) }
                return soup_server_message_set_status(message, 204, nil)
            }
            soup_message_headers_append(soup_server_message_get_response_headers(message), "Cache-Control", "no-store")
            var page = StartupServer.page
            page.withUTF8 { bytes in
                soup_server_message_set_response(message, "text/html; charset=utf-8", SOUP_MEMORY_COPY,
                                                 bytes.baseAddress, gsize(bytes.count))
            }
            soup_server_message_set_status(message, 200, nil)
        }, ClosureBox.retainedPointer(for: mark), ClosureBox<Mark>.destroyNotify)
    }

    /// The page of run `id`.
    func uri(run id: String) -> String { origin + "/run/\(id)/" }

    isolated deinit {
        soup_server_disconnect(server)
        soup_server_remove_handler(server, "/run")
        g_object_unref(server)
    }
}
