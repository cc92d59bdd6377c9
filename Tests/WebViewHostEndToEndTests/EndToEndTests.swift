import Foundation
import TestHelpers
import XCTest

/// Runs the built `webview-host` binary as a user would, under the tests' X display, and
/// looks at its real window with xdotool and xprop (Debian packages `xdotool`, `x11-utils`).
final class EndToEndTests: XCTestCase {
    /// The executable SwiftPM built next to this test bundle.
    private func hostExecutable() throws -> URL {
        let directories = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                           Bundle(for: Self.self).bundleURL.deletingLastPathComponent()]
        for directory in directories {
            let candidate = directory.appendingPathComponent("webview-host")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw MissingExecutable(searched: directories.map(\.path))
    }

    private struct MissingExecutable: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "webview-host was not built next to the tests (looked in \(searched))" }
    }

    private struct Outcome {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs a command to completion and returns its status and output.
    private func run(_ executable: URL, _ arguments: [String]) throws -> Outcome {
        let process = try ChildProcess(executable.path, arguments, output: .captured, error: .captured)
        let status = process.wait().status
        return Outcome(status: status, output: String(decoding: process.output, as: UTF8.self),
                       error: String(decoding: process.errorOutput, as: UTF8.self))
    }

    private func tool(_ name: String, _ arguments: [String]) throws -> Outcome {
        try run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments)
    }

    func testHelpPrintsUsageAndSucceeds() throws {
        let outcome = try run(try hostExecutable(), ["--help"])
        XCTAssertEqual(outcome.status, 0)
        XCTAssertTrue(outcome.output.contains("Usage: webview-host [OPTION…] [URL-OR-FILE…]"), outcome.output)
        XCTAssertEqual(outcome.error, "")
    }

    func testBadArgumentsFailWithAClearError() throws {
        let host = try hostExecutable()
        let files = TestDirectory()
        let fifo = files.url.appendingPathComponent("fifo.html")
        XCTAssertEqual(try tool("mkfifo", [fifo.path]).status, 0)
        for (arguments, expected) in [(["--frobnicate"], "unknown option '--frobnicate'"),
                                      (["/no/such/page.html"], "no such file: /no/such/page.html"),
                                      (["gopher://example.org/"], "unsupported URL scheme 'gopher:'"),
                                      ([fifo.path], "\(fifo.path) is not a regular file"),
                                      (["/dev/null"], "/dev/null is not a regular file"),
                                      ([files.url.path], "\(files.url.path) is a directory"),
                                      (["example.com"], "add https:// as in https://example.com")] {
            let outcome = try run(host, arguments)
            XCTAssertNotEqual(outcome.status, 0, "\(arguments)")
            XCTAssertTrue(outcome.error.hasPrefix("webview-host: error: "), outcome.error)
            XCTAssertTrue(outcome.error.contains(expected), outcome.error)
            XCTAssertEqual(outcome.output, "")
        }
    }

    func testScriptSetTitleBecomesTheWindowTitleAndCtrlWCloses() throws {
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "needs an X display: run under xvfb-run -a")
        let files = TestDirectory()
        let marker = "E2E \(UUID().uuidString.prefix(8))"
        let page = files.write("page.html", """
            <title>before script</title>
            <script>setTimeout(() => { document.title = "\(marker)"; }, 150);</script>
            """)
        // A bus of its own: on the user's session bus a running WebViewHost would take the page.
        let bus = try SessionBus()
        defer { withExtendedLifetime(bus) {} }
        let process = try ChildProcess(try hostExecutable().path, [page.path],
                                       environment: ProcessInfo.processInfo.environment.merging(
                                           AccessibilityBus.absent.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }) { $1 })
        defer { process.stop() }

        let window = try poll(timeout: 20) { () throws -> String? in
            let found = try tool("xdotool", ["search", "--name", "^\(marker)$"])
            return found.output.split(separator: "\n").first.map(String.init)
        }
        let id = try XCTUnwrap(window, "no window titled '\(marker)' appeared")
        let properties = try tool("xprop", ["-id", id, "_NET_WM_NAME", "WM_NAME", "_NET_WM_PID"])
        XCTAssertTrue(properties.output.contains("_NET_WM_NAME(UTF8_STRING) = \"\(marker)\""), properties.output)
        XCTAssertTrue(properties.output.contains("_NET_WM_PID(CARDINAL) = \(process.pid)"), properties.output)

        // Real key presses through XTEST: focus the window, then Ctrl+W.
        XCTAssertEqual(try tool("xdotool", ["windowfocus", "--sync", id]).status, 0)
        XCTAssertEqual(try tool("xdotool", ["key", "ctrl+w"]).status, 0)
        let exited = poll(timeout: 10) { process.isRunning ? nil : true }
        XCTAssertEqual(exited, true, "Ctrl+W did not close the window and quit")
        if exited == true { XCTAssertEqual(process.termination, .exited(0)) }
    }
}
