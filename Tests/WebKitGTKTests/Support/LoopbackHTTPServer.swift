import Foundation
import TestHelpers

/// A real HTTP server on 127.0.0.1 (Python's http.server in a child process) with the
/// routes the desktop tests need; stopped when the object goes away.
///
/// - `/page`: a small HTML page (an origin for cookies and storage).
/// - `/cookie`: a page that also sets the persistent cookie `server=yes`.
/// - `/file?size=N`: N bytes as an attachment named `data.bin`.
/// - `/broken`: promises a megabyte, sends 64 KiB, then resets the connection.
final class LoopbackHTTPServer {
    let port: Int
    private let process: ChildProcess

    private static let script = #"""
import http.server, socket, struct, time, urllib.parse
class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args): pass
    def send(self, body, kind, extra=()):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra: self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        if url.path == "/page":
            self.send(b"<!doctype html><title>page</title><p>page</p>", "text/html")
        elif url.path == "/cookie":
            self.send(b"<!doctype html><title>cookie</title>", "text/html", [("Set-Cookie", "server=yes; Max-Age=3600; Path=/")])
        elif url.path == "/file":
            size = int(urllib.parse.parse_qs(url.query)["size"][0])
            self.send(bytes(i % 251 for i in range(size)), "application/octet-stream",
                      [("Content-Disposition", 'attachment; filename="data.bin"')])
        elif url.path == "/broken":
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", "1048576")
            self.end_headers()
            self.wfile.write(b"x" * 65536)
            self.wfile.flush()
            time.sleep(0.2)
            # Reset the connection (linger 0) rather than closing it politely.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
        else:
            self.send_error(404)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

    init() throws {
        process = try ChildProcess("/usr/bin/env", ["python3", "-u", "-c", Self.script], output: .captured)
        guard let port = process.firstLine(timeout: .seconds(60)).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            process.stop()
            throw ServerDidNotStart()
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    deinit {
        process.stop()
    }

    struct ServerDidNotStart: Error {}
}
