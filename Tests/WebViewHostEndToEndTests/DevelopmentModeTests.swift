import Foundation
import TestHelpers
import XCTest

/// Development mode (`--dev`) of an app built on the library, the notes example here, run
/// as a developer runs it: a page that changes on disk reloads in the same window, and the
/// page's console and uncaught errors reach the terminal (stderr) with source and line.
final class DevelopmentModeTests: XCTestCase {
    private func source(version: Int) -> String {
        """
        document.title = 'dev page ' + \(version);
        console.log('loaded version', \(version), { ok: true });
        throw new Error('boom \(version)');
        """
    }

    func testAChangedFileReloadsTheWindowAndPageErrorsReachStderrWithSourceAndLine() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let web = TestDirectory()
        _ = web.write("index.html", "<!doctype html><meta charset='utf-8'><title>dev</title><script src='app.js'></script>")
        let script = web.write("app.js", source(version: 1))
        let app = try host.launch(["--dev"], environment: ["NOTES_APP_WEB": web.url.path])
        defer { kill(app.pid, SIGTERM); _ = app.waitForExit(timeout: 30) }

        let window = try XCTUnwrap(try X11Windows.waitFor("dev page 1", timeout: 120), app.printed)
        XCTAssertNotNil(app.waitForLine(timeout: 30) { $0.contains("console.log app://localhost/app.js:2:") && $0.hasSuffix("loaded version 1 {\"ok\":true}") },
                        app.printed)
        XCTAssertNotNil(app.waitForLine(timeout: 30) { $0.contains("uncaught error app://localhost/app.js:3:") && $0.contains("boom 1") },
                        app.printed)

        try source(version: 2).write(to: script, atomically: true, encoding: .utf8)
        XCTAssertNotNil(app.waitForLine(timeout: 30) { $0.contains("boom 2") }, app.printed)
        // The same window shows the new page: reloaded, not reopened.
        XCTAssertEqual(try X11Windows.waitFor("dev page 2", timeout: 30), window, app.printed)
        XCTAssertTrue(app.printed.contains("reloading: \(script.resolvingSymlinksInPath().path) changed")
                      || app.printed.contains("reloading: \(script.path) changed"), app.printed)
    }

    /// In development mode a console message from an inline script names the line the HTML
    /// file has, and a refused `eval` and a refused inline handler each print one line
    /// naming the file, the line and the setting that would allow it.
    func testInlineLinesAndPolicyRefusalsReachStderrWithFileLineAndSetting() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let web = TestDirectory()
        _ = web.write("index.html", """
            <!doctype html><meta charset='utf-8'><title>refusals</title>
            <button id="b">b</button>
            <script>
            console.log('inline line', 4);
            try { eval('1'); } catch (e) {} try { eval('2'); } catch (e) {}
            const b = document.getElementById('b'); b.setAttribute('onclick', 'window.ran = true'); b.click(); b.click();
            </script>
            """)
        let app = try host.launch(["--dev"], environment: ["NOTES_APP_WEB": web.url.path])
        defer { kill(app.pid, SIGTERM); _ = app.waitForExit(timeout: 30) }
        XCTAssertNotNil(try X11Windows.waitFor("refusals", timeout: 120), app.printed)
        XCTAssertNotNil(app.waitForLine(timeout: 30) { $0.contains("console.log app://localhost/index.html:4:") && $0.hasSuffix("inline line 4") },
                        app.printed)
        XCTAssertNotNil(app.waitForLine(timeout: 30) {
            $0.contains("refused eval / new Function at app://localhost/index.html:5:")
                && $0.contains("AppScheme.allow([\"'unsafe-eval'\"], for: \"script-src\")")
        }, app.printed)
        XCTAssertNotNil(app.waitForLine(timeout: 30) {
            $0.contains("refused an inline event handler") && $0.contains("at app://localhost/index.html:6:")
                && $0.contains("for: \"script-src\")")
        }, app.printed)
        Thread.sleep(forTimeInterval: 1)
        let refusals = app.printed.split(separator: "\n").filter { $0.contains("Content-Security-Policy refused") }
        XCTAssertEqual(refusals.count, 2, app.printed)
    }

    /// Without `--dev` a refusal still reaches the terminal, as a GLib warning of the WebKitGTK domain.
    func testWithoutTheFlagARefusalIsAGLibWarning() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let web = TestDirectory()
        _ = web.write("index.html", """
            <!doctype html><meta charset='utf-8'><title>refused</title>
            <script>try { eval('1'); } catch (e) {}</script>
            """)
        let app = try host.launch([], environment: ["NOTES_APP_WEB": web.url.path, "WEBVIEWHOST_DEV": "0"])
        defer { kill(app.pid, SIGTERM); _ = app.waitForExit(timeout: 30) }
        XCTAssertNotNil(try X11Windows.waitFor("refused", timeout: 120), app.printed)
        XCTAssertNotNil(app.waitForLine(timeout: 30) {
            $0.contains("WebKitGTK-WARNING") && $0.contains("refused eval / new Function at app://localhost/index.html:2:")
        }, app.printed)
    /// Run as `swift run notes-app --dev` runs it, the app serves its page from the build's copy
    /// of its web folder, yet watches and serves the package's own `Examples/NotesApp/Web`, and
    /// says so: an edit of the sources is what reloads the page.
    func testRunFromTheBuildItWatchesThePackagesSourcesAndSaysSo() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/NotesApp/Web").standardizedFileURL
        let app = try host.launch(["--dev"], environment: ["NOTES_APP_WEB": ""])
        defer { kill(app.pid, SIGTERM); _ = app.waitForExit(timeout: 30) }
        let watching = try XCTUnwrap(app.waitForLine(timeout: 120) { $0.contains("development mode: watching") }, app.printed)
        XCTAssertTrue(watching.contains("watching \(sources.path) (the sources of "), watching)
        XCTAssertTrue(watching.hasSuffix(".resources/Web)"), watching)
    }

    /// Without `--dev` the same app neither watches nor prints its page's console.
    func testWithoutTheFlagNothingIsWatchedOrPrinted() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let web = TestDirectory()
        _ = web.write("index.html", "<!doctype html><meta charset='utf-8'><title>dev</title><script src='app.js'></script>")
        _ = web.write("app.js", source(version: 1))
        let app = try host.launch([], environment: ["NOTES_APP_WEB": web.url.path, "WEBVIEWHOST_DEV": "0"])
        defer { kill(app.pid, SIGTERM); _ = app.waitForExit(timeout: 30) }
        XCTAssertNotNil(try X11Windows.waitFor("dev page 1", timeout: 120), app.printed)
        XCTAssertNil(app.waitForLine(timeout: 3) { $0.contains("boom 1") || $0.contains("development mode") }, app.printed)
    }
}
