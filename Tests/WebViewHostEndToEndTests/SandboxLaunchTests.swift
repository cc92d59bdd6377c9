import Foundation
import TestHelpers
import XCTest

/// The built `webview-host` and WebKit's web process sandbox: confined by default, a machine
/// without `bwrap` told why in one line with no window shown, and the user's opt-outs.
final class SandboxLaunchTests: XCTestCase {
    private func launcher() throws -> HostLauncher {
        try HostLauncher(executable: HostLauncher.builtExecutable(for: Self.self))
    }

    /// A page whose title the window shows once the web process ran its script (a file of
    /// its own: app:// pages run no inline script).
    private func scriptedPage(_ host: HostLauncher, _ marker: Substring) {
        host.site.write("index.html", "<title>loading</title><script src=\"title.js\"></script>")
        host.site.write("title.js", "document.title = 'Sandboxed \(marker)';")
    }

    func testTheDefaultLaunchShowsThePageFromASandboxedWebProcess() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        scriptedPage(host, marker)
        let app = try host.launch()
        defer { app.process.stop() }
        let window = try XCTUnwrap(try X11Windows.waitFor("Sandboxed \(marker)", timeout: 30), "no window: \(app.printed)")
        XCTAssertEqual(try X11Windows.pid(of: window), app.pid)
        let processes = WebProcesses.below(app.pid)
        XCTAssertFalse(processes.isEmpty, "no web process below the app")
        for process in processes {
            XCTAssertNotEqual(WebProcesses.namespace("mnt", of: process), WebProcesses.namespace("mnt", of: app.pid), "web process \(process) shares the app's mounts")
            XCTAssertNotEqual(WebProcesses.namespace("pid", of: process), WebProcesses.namespace("pid", of: app.pid), "web process \(process) shares the app's PIDs")
        }
        XCTAssertFalse(app.printed.contains("sandbox"), "a sandboxed launch said something about it: \(app.printed)")
    }

    func testWithoutBubblewrapTheAppSaysWhyInOneLineAndShowsNoWindow() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        scriptedPage(host, marker)
        let missing = host.home.url.appendingPathComponent("no-bwrap").path
        let app = try host.launch(environment: ["WEBVIEWHOST_BWRAP": missing])
        XCTAssertEqual(app.waitForExit(timeout: 30), 78, "not refused: \(app.printed)")
        XCTAssertEqual(app.lines, ["webview-host: error: cannot sandbox web content: bubblewrap (bwrap) is not installed at "
            + "\(missing); install it (Debian and Ubuntu: sudo apt install bubblewrap), or run with --no-sandbox "
            + "(or WEBVIEWHOST_NO_SANDBOX=1) to run it unconfined"])
        XCTAssertEqual(try X11Windows.named("Sandboxed \(marker)"), [], "a window was shown")
    }

    /// bwrap really gone, as WebKit sees it: an empty file mounted over /usr/bin/bwrap in a
    /// mount namespace of the app's own. Without the preflight WebKit aborts the app
    /// ("Failed to start dbus proxy: … /usr/bin/bwrap (Permission denied)", SIGTRAP).
    func testBubblewrapHiddenFromWebKitIsCaughtBeforeAnyWindow() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        scriptedPage(host, marker)
        let empty = host.home.write("empty", "")
        let probe = try runTool("/usr/bin/unshare", ["-rm", "true"])
        guard probe.status == 0 else { throw XCTSkip("no user and mount namespaces here: \(probe.output)") }
        let script = "mount --bind \"$1\" /usr/bin/bwrap && exec \"$2\""
        let app = try AppProcess(URL(fileURLWithPath: "/usr/bin/unshare"),
                                 ["-rm", "/bin/sh", "-c", script, "sh", empty.path, host.executable.path],
                                 environment: host.environment, keepingAlive: [host.bus])
        XCTAssertEqual(app.waitForExit(timeout: 30), 78, "not refused: \(app.printed)")
        XCTAssertEqual(app.lines.count, 1, app.printed)
        XCTAssertTrue(app.printed.hasPrefix("webview-host: error: cannot sandbox web content: "), app.printed)
        XCTAssertEqual(try X11Windows.named("Sandboxed \(marker)"), [], "a window was shown")
    }

    func testTheUsersOptOutsRunUnconfinedWithAWarning() throws {
        let host = try launcher()
        let missing = host.home.url.appendingPathComponent("no-bwrap").path
        for (arguments, environment, by) in [(["--no-sandbox"], [String: String](), "--no-sandbox"),
                                             ([], ["WEBVIEWHOST_NO_SANDBOX": "1"], "WEBVIEWHOST_NO_SANDBOX=1")] {
            let marker = UUID().uuidString.prefix(8)
            scriptedPage(host, marker)
            let app = try host.launch(arguments + ["--ephemeral"],
                                      environment: environment.merging(["WEBVIEWHOST_BWRAP": missing]) { $1 })
            defer { app.process.stop() }
            let window = try XCTUnwrap(try X11Windows.waitFor("Sandboxed \(marker)", timeout: 30), "no window: \(app.printed)")
            XCTAssertEqual(try X11Windows.pid(of: window), app.pid)
            XCTAssertTrue(app.lines.contains("webview-host: warning: web content runs without the sandbox (turned off by \(by))"),
                          app.printed)
            for process in WebProcesses.below(app.pid) {
                XCTAssertEqual(WebProcesses.namespace("mnt", of: process), WebProcesses.namespace("mnt", of: app.pid))
            }
        }
    }

    func testDoctorPrintsWhatThisMachineGives() throws {
        let host = try launcher()
        let app = try host.launch(["--doctor"])
        XCTAssertEqual(app.waitForExit(timeout: 60), 0, app.printed)
        let lines = app.lines
        let version = try XCTUnwrap(lines.first { $0.hasPrefix("WebKitGTK: ") }, app.printed)
        XCTAssertNotNil(version.range(of: #"^WebKitGTK: \d+\.\d+\.\d+$"#, options: .regularExpression), version)
        XCTAssertTrue(lines.contains { $0.hasPrefix("sandbox: on") }, app.printed)
        // The private test bus has no portal and starts none.
        XCTAssertTrue(lines.contains { $0.hasPrefix("portal: absent") }, app.printed)
        XCTAssertTrue(lines.contains { $0.hasPrefix("display: X11 \(ProcessInfo.processInfo.environment["DISPLAY"] ?? "")") },
                      app.printed)
        XCTAssertTrue(lines.contains("data: website data \(host.home.url.path)/data/io.github.webviewhost.WebViewHost/WebKit"),
                      app.printed)
    }

    /// The one command a user runs when something is wrong works without a display too: it
    /// says there is none, and everything else as with one.
    func testDoctorWithoutADisplayReportsNoneAndTheRest() throws {
        let host = try launcher()
        let environment = host.environment.filter { !["DISPLAY", "WAYLAND_DISPLAY"].contains($0.key) }
        let app = try AppProcess(host.executable, ["--doctor"], environment: environment, keepingAlive: [host.bus])
        XCTAssertEqual(app.waitForExit(timeout: 60), 0, app.printed)
        let lines = app.lines
        XCTAssertTrue(lines.contains { $0.hasPrefix("WebKitGTK: ") }, app.printed)
        XCTAssertTrue(lines.contains { $0.hasPrefix("sandbox: on") }, app.printed)
        XCTAssertTrue(lines.contains { $0.hasPrefix("renderer: ") }, app.printed)
        XCTAssertTrue(lines.contains { $0.hasPrefix("portal: absent") }, app.printed)
        XCTAssertTrue(lines.contains { $0.hasPrefix("media: ") }, app.printed)
        XCTAssertTrue(lines.contains { $0 == "display: none" || $0.hasPrefix("display: none (") }, app.printed)
        XCTAssertTrue(lines.contains("data: website data \(host.home.url.path)/data/io.github.webviewhost.WebViewHost/WebKit"),
                      app.printed)
        XCTAssertFalse(app.printed.contains("Gtk-ERROR"), app.printed)
    }
}
