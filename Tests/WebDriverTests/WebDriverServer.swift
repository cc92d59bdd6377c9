import Foundation
import Glibc
import TestHelpers

/// WebKitGTK's WebDriver service (`WebKitWebDriver`, Debian package `webkit2gtk-driver`) on a
/// free loopback port, for one test. The apps it starts inherit its environment and its process
/// group (`ChildProcess` starts each child as a group of its own), so `stop()` ends them with it.
final class WebDriverServer {
    static let executable = "/usr/bin/WebKitWebDriver"

    let port: Int
    private let process: AppProcess

    init(environment: [String: String]) throws {
        port = try Self.freeLoopbackPort()
        process = try AppProcess(URL(fileURLWithPath: Self.executable), ["--port=\(port)"], environment: environment)
        let ready = poll(timeout: 20) { () -> Bool? in
            guard process.process.isRunning else { return false }
            let status = try? runTool("/usr/bin/curl", ["-s", "-m", "2", "\(url)/status"])
            return status?.output.contains("\"ready\"") == true ? true : nil
        }
        guard ready == true else {
            stop()
            throw HarnessError("WebKitWebDriver did not answer on port \(port): \(process.printed)")
        }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// What the driver printed.
    var printed: String { process.printed }

    /// Ends the driver and every app it started.
    func stop() {
        guard process.process.isRunning else { return }
        kill(-process.pid, SIGTERM)
        if process.waitForExit(timeout: 5) == nil { kill(-process.pid, SIGKILL) }
    }

    deinit { stop() }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    private static func freeLoopbackPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw HarnessError("bind: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
