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
    }

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

    /// A page's console text cannot drive the terminal or pose as the app: escape sequences
    /// (a new title, a clear, colours, the 8-bit CSI), a bell and a bidirectional override are
    /// printed escaped, a newline stays `\n` in one line, and every line the page causes
    /// starts `notes-app: page ` — also for a script name set with `//# sourceURL` and a
    /// message posted straight to the console's handler.
    func testThePagesConsoleTextIsPrintedEscapedOneLineEachAndMarkedAsThePages() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let web = TestDirectory()
        _ = web.write("index.html", """
            <!doctype html><meta charset='utf-8'><title>dev</title><script src='named.js'></script><script src='app.js'></script>
            """)
        // A script may name itself anything (the app's CSP refuses eval, not this).
        _ = web.write("named.js", "console.warn('named');\n//# sourceURL=\u{1b}[2Jevil.js\n")
        _ = web.write("app.js", #"""
            console.log('\x1b]0;retitled\x07\x1b[2J\x1b[31mred\u009b0m \u202Eright-to-left\nnotes-app: error: forged by the page');
            window.bridge.post('webviewhost.console', { level: 'log\nnotes-app: error: forged by the level', text: 'posted',
                                                        source: '', line: 0, column: 0 });
            document.title = 'hostile console';
            """#)
        let app = try host.launch(["--dev"], environment: ["NOTES_APP_WEB": web.url.path])
        defer { kill(app.pid, SIGTERM); _ = app.waitForExit(timeout: 30) }
        XCTAssertNotNil(try X11Windows.waitFor("hostile console", timeout: 120), app.printed)
        let message = try XCTUnwrap(app.waitForLine(timeout: 30) { $0.contains("forged by the page") }, app.printed)
        XCTAssertTrue(message.hasPrefix("notes-app: page console.log app://localhost/app.js:1:"), message)
        XCTAssertTrue(message.hasSuffix(#": \u001b]0;retitled\u0007\u001b[2J\u001b[31mred\u009b0m \u202eright-to-left\nnotes-app: error: forged by the page"#),
                      message)
        let named = try XCTUnwrap(app.waitForLine(timeout: 30) { $0.hasSuffix(": named") }, app.printed)
        XCTAssertTrue(named.hasPrefix("notes-app: page console.warn "), named)
        XCTAssertNotNil(app.waitForLine(timeout: 30) { $0.contains("forged by the level") }, app.printed)
        for line in app.lines where line.contains("forged") || line.contains("named") || line.contains("posted") {
            XCTAssertTrue(line.hasPrefix("notes-app: page "), line)
        }
        XCTAssertFalse(app.lines.contains { $0.hasPrefix("notes-app: error: forged") }, app.printed)
        let acted = app.printed.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }
        XCTAssertTrue(acted.isEmpty, "the terminal got \(acted.map { String($0.value, radix: 16) }): \(app.printed)")
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
