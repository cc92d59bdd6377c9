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
