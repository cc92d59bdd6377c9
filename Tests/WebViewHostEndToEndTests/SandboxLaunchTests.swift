import Foundation
import TestHelpers
import XCTest

/// The built `webview-host` and WebKit's web process sandbox: confined by default, a machine
/// without `bwrap` told why in one line with no window shown, and the user's opt-outs.
final class SandboxLaunchTests: XCTestCase {
    /// How a refusal ends: with the way to run unconfined, where the WebKit can.
    #if GTK4
    private static let optOutAdvice = " (WebKitGTK 6.0 cannot run web content unconfined)"
    #else
    private static let optOutAdvice = ", or run with --no-sandbox (or WEBVIEWHOST_NO_SANDBOX=1) to run it unconfined"
    #endif

    /// Whether the WebKit the app was built with always sandboxes (WebKitGTK 6.0).
    #if GTK4
    private static let sandboxCannotBeTurnedOff = true
    #else
    private static let sandboxCannotBeTurnedOff = false
    #endif

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

    /// Asserts that `app` shows the window titled `title` from web processes in namespaces of their own.
    private func assertShownSandboxed(_ app: AppProcess, _ title: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let window = try XCTUnwrap(try X11Windows.waitFor(title, timeout: 30),
                                   "no window (exit status \(app.waitForExit(timeout: 1).map(String.init) ?? "none")): \(app.printed)",
                                   file: file, line: line)
        XCTAssertEqual(try X11Windows.pid(of: window), app.pid, file: file, line: line)
        let processes = WebProcesses.below(app.pid)
        XCTAssertFalse(processes.isEmpty, "no web process below the app", file: file, line: line)
        for process in processes {
            XCTAssertNotEqual(WebProcesses.namespace("mnt", of: process), WebProcesses.namespace("mnt", of: app.pid),
                              "web process \(process) shares the app's mounts", file: file, line: line)
        }
    }

    /// With a session bus, WebKit binds its D-Bus proxy socket at `<runtime dir>/webkitgtk/bus`
    /// (the runtime directory is the cache directory when XDG_RUNTIME_DIR is unset). A page's
    /// folder above it, bound read-only as it was, made bwrap fail and WebKit abort the app
    /// (`readPIDFromPeer`, SIGTRAP); the folder's other files are bound instead.
    func testAFilePageInTheFolderHoldingTheCacheFolderShowsSandboxed() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        host.home.write("beside.js", "document.title = 'Beside \(marker)';")
        let page = host.home.write("page.html", "<title>loading</title><script src=\"beside.js\"></script>")
        let media = host.home.write("media/clip.ogg", "not really a clip")
        let app = try host.launch(["--ephemeral", page.path], environment: ["XDG_RUNTIME_DIR": ""])
        defer { app.process.stop() }
        try assertShownSandboxed(app, "Beside \(marker)")
        XCTAssertFalse(app.printed.contains("ERROR"), app.printed)
        // What the page plays itself, beside it, is still in its web process's reach.
        for process in WebProcesses.below(app.pid) {
            let sees = try XCTUnwrap(WebProcesses.sees(media.path, in: process), "cannot look into web process \(process)")
            XCTAssertTrue(sees, "web process \(process) does not see \(media.path)")
        }
    }

    /// WebKit refuses a home directory whole; the page in it still shows, and its web process
    /// is not handed the home's entries one by one because the runtime directory is in it.
    func testAFilePageInTheHomeDirectoryHoldingTheCacheFolderExposesNothingElse() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        let home = host.home.url.appendingPathComponent("home")
        let secret = host.home.write("home/secret.txt", "the user's")
        host.home.write("home/beside.js", "document.title = 'In home \(marker)';")
        let page = host.home.write("home/page.html", "<title>loading</title><script src=\"beside.js\"></script>")
        let app = try host.launch(["--ephemeral", page.path], environment: [
            "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path, "XDG_RUNTIME_DIR": ""])
        defer { app.process.stop() }
        try assertShownSandboxed(app, "In home \(marker)")
        for process in WebProcesses.below(app.pid) {
            let sees = try XCTUnwrap(WebProcesses.sees(secret.path, in: process), "cannot look into web process \(process)")
            XCTAssertFalse(sees, "web process \(process) sees \(secret.path)")
        }
    }

    /// A sandbox links `/var/tmp` to its private `/tmp`: a page's folder there, bound
    /// read-only, lay over the `/tmp` where WebKit then binds the X server's socket (and here
    /// the runtime directory), so bwrap failed and WebKit aborted the app.
    func testAFilePageInVarTmpShowsSandboxed() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        let name = "webviewhost-test-\(UUID().uuidString)"
        let script = "/var/tmp/\(name).js"
        let page = "/var/tmp/\(name).html"
        try "document.title = 'In var tmp \(marker)';".write(toFile: script, atomically: true, encoding: .utf8)
        try "<title>loading</title><script src=\"\(name).js\"></script>".write(toFile: page, atomically: true, encoding: .utf8)
        defer { [script, page].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let app = try host.launch(["--ephemeral", page], environment: ["XDG_RUNTIME_DIR": ""])
        defer { app.process.stop() }
        try assertShownSandboxed(app, "In var tmp \(marker)")
    }

    /// WebKit 2.50 crashes (NULL `strcmp`) adding any path to a sandbox while the home
    /// directory cannot be resolved; the app starts sandboxed without handing it paths.
    func testAHomeThatDoesNotExistStartsSandboxed() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        scriptedPage(host, marker)
        let home = host.home.url.appendingPathComponent("no-such-home").path
        let app = try host.launch(["--ephemeral"], environment: ["HOME": home])
        defer { app.process.stop() }
        try assertShownSandboxed(app, "Sandboxed \(marker)")
        XCTAssertTrue(app.lines.contains("webview-host: warning: the sandboxed web processes cannot open files in "
            + "\(host.site.url.path): the home directory \(home) cannot be resolved"), app.printed)
    }

    /// WebKit makes its runtime directory in the sandbox before it links `/var/tmp` and
    /// `/var/run`, so bwrap fails when that directory lies below either and WebKit aborts the
    /// app ("Failed to fully launch dbus-proxy"): the preflight says so in one line instead.
    func testARuntimeDirectoryUnderVarTmpIsRefusedInOneLine() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        scriptedPage(host, marker)
        let runtime = "/var/tmp/webviewhost-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let app = try host.launch(["--ephemeral"], environment: ["XDG_RUNTIME_DIR": runtime])
        XCTAssertEqual(app.waitForExit(timeout: 30), 78, "not refused: \(app.printed)")
        XCTAssertEqual(app.lines, ["webview-host: error: cannot sandbox web content: WebKit's runtime directory \(runtime) "
            + "lies in /var/tmp, which its sandbox replaces with a link; set XDG_RUNTIME_DIR to a directory of this user's "
            + "elsewhere (such as /run/user/\(getuid()))" + Self.optOutAdvice])
        XCTAssertEqual(try X11Windows.named("Sandboxed \(marker)"), [], "a window was shown")
    }

    func testWithoutBubblewrapTheAppSaysWhyInOneLineAndShowsNoWindow() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        scriptedPage(host, marker)
        let missing = host.home.url.appendingPathComponent("no-bwrap").path
        let app = try host.launch(environment: ["WEBVIEWHOST_BWRAP": missing])
        XCTAssertEqual(app.waitForExit(timeout: 30), 78, "not refused: \(app.printed)")
        XCTAssertEqual(app.lines, ["webview-host: error: cannot sandbox web content: bubblewrap (bwrap) is not installed at "
            + "\(missing); install it (Debian and Ubuntu: sudo apt install bubblewrap)" + Self.optOutAdvice])
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

    /// The user's opt-outs: on webkit2gtk-4.1 the web processes run unconfined (even with no
    /// `bwrap`), with a warning; WebKitGTK 6.0 cannot run them unconfined, so there the
    /// sandbox stays with a warning saying so, and where it cannot start the opt-out does
    /// not turn the refusal into an unconfined run.
    func testTheUsersOptOutsRunUnconfinedWhereTheWebKitCanAndSaySo() throws {
        let host = try launcher()
        let missing = host.home.url.appendingPathComponent("no-bwrap").path
        for (arguments, environment, by) in [(["--no-sandbox"], [String: String](), "--no-sandbox"),
                                             ([], ["WEBVIEWHOST_NO_SANDBOX": "1"], "WEBVIEWHOST_NO_SANDBOX=1")] {
            let marker = UUID().uuidString.prefix(8)
            scriptedPage(host, marker)
            #if GTK4
            let bubblewrap = environment
            let warning = "webview-host: warning: web content stays in the sandbox although \(by) turns it off: "
                + "WebKitGTK 6.0 cannot run it unconfined"
            #else
            let bubblewrap = environment.merging(["WEBVIEWHOST_BWRAP": missing]) { $1 }
            let warning = "webview-host: warning: web content runs without the sandbox (turned off by \(by))"
            #endif
            let app = try host.launch(arguments + ["--ephemeral"], environment: bubblewrap)
            defer { app.process.stop() }
            let window = try XCTUnwrap(try X11Windows.waitFor("Sandboxed \(marker)", timeout: 30), "no window: \(app.printed)")
            XCTAssertEqual(try X11Windows.pid(of: window), app.pid)
            XCTAssertTrue(app.lines.contains(warning), app.printed)
            let processes = WebProcesses.below(app.pid)
            XCTAssertFalse(processes.isEmpty, app.printed)
            for process in processes {
                // Sandboxed, a web process has a mount namespace of its own.
                XCTAssertEqual(WebProcesses.namespace("mnt", of: process) != WebProcesses.namespace("mnt", of: app.pid),
                               Self.sandboxCannotBeTurnedOff)
            }
            #if GTK4
            let refused = try host.launch(arguments + ["--ephemeral"],
                                          environment: environment.merging(["WEBVIEWHOST_BWRAP": missing]) { $1 })
            defer { refused.process.stop() }
            XCTAssertEqual(refused.waitForExit(timeout: 30), 78, refused.printed)
            XCTAssertEqual(refused.lines, ["webview-host: error: cannot sandbox web content: bubblewrap (bwrap) is not installed at "
                                           + "\(missing); install it (Debian and Ubuntu: sudo apt install bubblewrap)" + Self.optOutAdvice],
                           refused.printed)
            #endif
        }
    }

    func testDoctorPrintsWhatThisMachineGives() throws {
        let host = try launcher()
        let app = try host.launch(["--doctor"])
        XCTAssertEqual(app.waitForExit(timeout: 60), 0, app.printed)
        let lines = app.lines
        let version = try XCTUnwrap(lines.first { $0.hasPrefix("WebKitGTK: ") }, app.printed)
        XCTAssertNotNil(version.range(of: #"^WebKitGTK: \d+\.\d+\.\d+$"#, options: .regularExpression), version)
        #if GTK4
        XCTAssertTrue(lines.contains { $0.hasPrefix("toolkit: GTK 4, libadwaita ") }, app.printed)
        #else
        XCTAssertTrue(lines.contains("toolkit: GTK 3, WebKitGTK 4.1 (package trait GTK3)"), app.printed)
        #endif
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
