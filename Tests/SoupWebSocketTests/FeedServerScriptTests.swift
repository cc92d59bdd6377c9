import Foundation
import SoupWebSocket
import LoopTestHelpers
import XCTest

/// The feed server as a person starts it from a script: in the background with `&`, where
/// its standard input is closed at once. It serves until signalled.
final class FeedServerScriptTests: FeedServerTestCase, @unchecked Sendable {
    func testStartedInTheBackgroundFromAScriptItServesUntilSignalled() throws {
        let folder = TestDirectory()
        let portFile = folder.url.appendingPathComponent("port").path
        let pidFile = folder.url.appendingPathComponent("pid").path
        // The server gets no descriptor of the test process: an inherited pipe would keep
        // whoever reads it (swift test) waiting for as long as the server lives.
        try ChildProcess("/bin/bash", ["-c", """
            for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done 2>/dev/null
            python3 "$0" 0 > "$1" 2>&1 & echo $! > "$2"
            """, FeedServerProcess.scriptPath, portFile, pidFile],
            input: .discarded, output: .discarded, error: .discarded).wait()
        let pidText = try String(contentsOfFile: pidFile, encoding: .utf8)
        let pid = try XCTUnwrap(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), pidText)
        defer { kill(pid, SIGKILL) }
        let port = try XCTUnwrap(poll(timeout: 10) { () -> Int? in
            (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0.split(separator: "\n").first ?? "") }
        }, "no port printed")
        Thread.sleep(forTimeInterval: 1)  // a server that watched its closed stdin would be gone by now
        XCTAssertTrue(Self.isRunning(pid), "the server exited: \((try? String(contentsOfFile: portFile, encoding: .utf8)) ?? "")")

        loopTest {
            let client = try self.makeClient("ws://127.0.0.1:\(port)/echo") { $0.reconnect = nil }
            let recorder = Recorder(client)
            try await client.connect()
            try client.send(text: "still here")
            try await waitUntil { recorder.messages == [.text("still here")] }
            await client.close()  // an open connection would hold up the server's clean exit
        }

        XCTAssertEqual(kill(pid, SIGTERM), 0)
        XCTAssertNotNil(poll(timeout: 10) { Self.isRunning(pid) ? nil : true }, "SIGTERM did not stop it")
    }

    /// Whether the process lives and is not a zombie waiting for a parent to reap it.
    private static func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
