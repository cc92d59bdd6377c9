import Foundation
import XCTest

/// The shipped feed server (Tools/feed-server/feed_server.py) running on 127.0.0.1 for one test.
///
/// It reads the port the server printed and stops it on `stop()`; should the test process
/// die instead, the server sees its stdin close and exits by itself (`--exit-with-stdin`).
public final class FeedServerProcess: @unchecked Sendable {
    public let port: Int
    private let process: ChildProcess

    /// With `tls` (certificate and key PEM files) the server speaks wss://. Port 0 picks a
    /// free port; a given one lets a test restart a stopped server where clients expect it.
    public init(port: Int = 0, rate: Double = 20, tls: (certificate: String, key: String)? = nil) throws {
        process = try ChildProcess("/usr/bin/env",
                                   ["python3", Self.scriptPath, String(port), "--rate", String(rate), "--exit-with-stdin"]
                                       + (tls.map { ["--tls-cert", $0.certificate, "--tls-key", $0.key] } ?? []),
                                   input: .pipe, output: .captured)
        guard let port = process.firstLine(timeout: .seconds(60)).flatMap({ Int($0) }) else {
            process.stop()
            throw FeedServerError(description: "the feed server printed no port (is the websockets package installed?)")
        }
        self.port = port
    }

    /// Tools/feed-server/feed_server.py in this source tree.
    public static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tools/feed-server/feed_server.py").path

    public func url(_ path: String = "/feed") -> String {
        "ws://127.0.0.1:\(port)\(path)"
    }

    public func stop() {
        process.closeInput()
        process.stop()
    }
}

public struct FeedServerError: Error, CustomStringConvertible {
    public let description: String
}
