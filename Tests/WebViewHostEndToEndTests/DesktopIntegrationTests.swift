import Foundation
import TestHelpers
import XCTest

/// The real `webview-host` as a GNOME user meets it: the window's icon, the mouse's side
/// buttons, "Open Link in New Window", downloads into the Downloads folder, and an end by
/// SIGTERM or Ctrl+C that is as orderly as closing.
final class DesktopIntegrationTests: XCTestCase {
    private let marker = UUID().uuidString.prefix(8)
    /// How long a signalled app may take to end: the issue's second, from the signal to the
    /// process's end as the kernel shows it (`AppProcess.timeToExit` asks `waitpid` every
    /// millisecond), so the harness's own latency, such as `waitForExit`'s, does not count. So
    /// measured, the app ends about 10 ms after the signal when idle, 20–200 ms with four busy loops.
    private static let exitBound = Duration.seconds(1)

    /// Signals the app and checks that it ends within `exitBound`, with status 0.
    private func end(_ app: AppProcess, with signal: Int32, _ name: String) {
        let took = app.timeToExit(after: signal, limit: Self.exitBound)
        XCTAssertNotNil(took, "signal \(signal): \(name) did not end within \(Self.exitBound): \(app.printed)")
        XCTAssertEqual(app.waitForExit(), 0, "signal \(signal): \(name) ended badly: \(app.printed)")
    }

    private func launcher() throws -> HostLauncher {
        try HostLauncher(executable: HostLauncher.builtExecutable(for: Self.self))
    }

    /// Two app pages: the first a link to the second that fills the window, titled once loaded.
    private func writeLinkedPages(in host: HostLauncher, link: String) {
        host.site.write("index.html", """
            <!DOCTYPE html><title>Loading</title><script src="ready.js" defer></script>
            <a id="link" \(link) style="position: fixed; inset: 0; display: block">the second page</a>
            """)
        host.site.write("ready.js", "document.title = 'First \(marker)';")
        host.site.write("second.html", "<!DOCTYPE html><title>Second \(marker)</title><p>second")
    }

    /// Starts the app on `writeLinkedPages`' first page and clicks into it with `button`.
    private func launchOnLinkedPages(clicking button: Int, link: String = #"href="second.html""#,
                                     preparing prepare: (HostLauncher) -> Void = { _ in })
        throws -> (host: HostLauncher, app: AppProcess, window: String) {
        let host = try launcher()
        writeLinkedPages(in: host, link: link)
        prepare(host)
        let app = try host.launch()
        let window = try XCTUnwrap(try X11Windows.waitFor("First \(marker)"), app.printed)
        try click(button, in: window)
        return (host, app, window)
    }

    /// Clicks `button` in the middle of the window's page (8 and 9 are the side buttons).
    private func click(_ button: Int, in window: String) throws {
        try runTool("/usr/bin/xdotool", ["windowraise", window, "mousemove", "--window", window, "300", "300", "click", String(button)])
    }

    /// Waits for the window to show the page titled `title`.
    private func waitForTitle(_ title: String, of window: String) -> Bool {
        poll(timeout: 10) { try? X11Windows.title(of: window) == title ? true : nil } != nil
    }

    /// The app's windows on screen, its menus included.
    private static func shownWindows() throws -> [String] {
        try runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--class", "webview-host"]).output.split(separator: "\n").map(String.init)
    }

    /// Quits with Ctrl+Q; `host` (its pages, its bus) lives until the app has gone.
    private func quit(_ app: AppProcess, window: String, of host: HostLauncher) throws {
        try withExtendedLifetime(host) {
            try X11Windows.press("ctrl+q", in: window)
            XCTAssertEqual(app.waitForExit(), 0, app.printed)
        }
    }

    /// A data directory holding `icon` where `make install` puts an app's icon, for `XDG_DATA_DIRS`.
    private func iconDataDirectories(_ icon: String, id: String) throws -> (TestDirectory, String) {
        let share = TestDirectory()
        let apps = share.url.appendingPathComponent("icons/hicolor/scalable/apps")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: InstalledApp.packageRoot.appendingPathComponent(icon),
                                         to: apps.appendingPathComponent("\(id).svg"))
        return (share, "\(share.url.path):/usr/share")
    }

    private func hasIcon(_ window: String) throws -> Bool {
        try runTool("/usr/bin/xprop", ["-id", window, "_NET_WM_ICON"]).output.hasPrefix("_NET_WM_ICON(CARDINAL) = ")
    }

    func testTheWindowCarriesTheAppIcon() throws {
        let host = try launcher()
        host.site.write("index.html", "<title>Icon \(marker)</title>")
        let id = "io.github.webviewhost.WebViewHost"
        let (share, dataDirectories) = try iconDataDirectories("data/icons/\(id).svg", id: id)
        let app = try host.launch(environment: ["XDG_DATA_DIRS": dataDirectories])
        let window = try XCTUnwrap(try X11Windows.waitFor("Icon \(marker)"), app.printed)
        XCTAssertTrue(try hasIcon(window), "no icon on the window")
        try withExtendedLifetime(share) { try quit(app, window: window, of: host) }
    }

    func testTheNotesExampleGetsTheSameWindowIconAndEndsOnSIGTERM() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let id = "io.github.webviewhost.NotesExample"
        let (share, dataDirectories) = try iconDataDirectories("Examples/NotesApp/data/icons/\(id).svg", id: id)
        let app = try host.launch(environment: ["XDG_DATA_DIRS": dataDirectories])
        let window = try XCTUnwrap(try X11Windows.waitFor("Notes (0)"), app.printed)
        XCTAssertTrue(try hasIcon(window), "no icon on the notes window")
        end(app, with: SIGTERM, "the notes example")
        withExtendedLifetime((share, host)) {}
    }

    func testTheMouseSideButtonsGoBackAndForward() throws {
        let (host, app, window) = try launchOnLinkedPages(clicking: 1)
        XCTAssertTrue(waitForTitle("Second \(marker)", of: window), "the link did not open")
        try click(8, in: window)
        XCTAssertTrue(waitForTitle("First \(marker)", of: window),
                      "button 8 did not go back: \(String(describing: try? X11Windows.title(of: window)))")
        try click(9, in: window)
        XCTAssertTrue(waitForTitle("Second \(marker)", of: window), "button 9 did not go forward")
        try quit(app, window: window, of: host)
    }

    func testOpenLinkInNewWindowOpensAWindowOfTheApp() throws {
        // The link's context menu.
        let (host, app, window) = try launchOnLinkedPages(clicking: 3)
        XCTAssertNotNil(poll(timeout: 10) { (try? Self.shownWindows())?.count == 2 ? true : nil }, "no context menu")
        Thread.sleep(forTimeInterval: 0.5) // until the menu has grabbed the keyboard
        // Its mnemonic: "Open Link in New _Window".
        try runTool("/usr/bin/xdotool", ["key", "w"])
        let opened = try XCTUnwrap(try X11Windows.waitFor("Second \(marker)"), "no new window: \(app.printed)")
        XCTAssertNotEqual(opened, window)
        XCTAssertEqual(try X11Windows.pid(of: opened), app.pid)
        XCTAssertEqual(try X11Windows.title(of: window), "First \(marker)", "the first window left its page")
        try quit(app, window: window, of: host)
    }

    func testADownloadLinkOnAnAppPageSavesIntoTheDownloadsFolder() throws {
        // The user's Downloads folder as xdg-user-dirs names it, written before the app starts.
        let folder = "Fetched \(marker)"
        let (host, app, window) = try launchOnLinkedPages(clicking: 1, link: #"href="notes.txt" download"#) { host in
            host.site.write("notes.txt", "Notes \(marker)\n")
            host.home.write("config/user-dirs.dirs", "XDG_DOWNLOAD_DIR=\"\(host.home.url.appendingPathComponent(folder).path)\"\n")
        }
        let fetched = host.home.url.appendingPathComponent(folder)
        let dialog = try XCTUnwrap(try X11Windows.waitFor("Save Download"), "no save dialog: \(app.printed)")
        // The dialog offers the page's name in the Downloads folder: Return saves it there.
        try X11Windows.press("Return", in: dialog)
        let saved = fetched.appendingPathComponent("notes.txt")
        XCTAssertNotNil(poll(timeout: 10) { (try? String(contentsOf: saved, encoding: .utf8)) == "Notes \(marker)\n" ? true : nil },
                        "not saved in \(fetched.path): \((try? FileManager.default.contentsOfDirectory(atPath: fetched.path)) ?? [])")
        XCTAssertEqual(try X11Windows.title(of: window), "First \(marker)", "the download replaced the page")
        try quit(app, window: window, of: host)
    }

    func testSIGTERMAndSIGINTEndTheAppLikeClosingWithoutAskingThePage() throws {
        for signal in [SIGTERM, SIGINT] {
            let host = try launcher()
            host.site.write("index.html", """
                <!DOCTYPE html><title>Unsaved \(marker)</title><script src="keep.js"></script>
                <style>html, body { height: 100%; margin: 0; }</style>
                """)
            host.site.write("keep.js", """
                addEventListener("mousedown", () => { document.title = "Touched \(marker)"; });
                addEventListener("beforeunload", (e) => { e.preventDefault(); e.returnValue = ""; });
                """)
            let state = host.home.url.appendingPathComponent("state/io.github.webviewhost.WebViewHost/window.json")
            let app = try host.launch()
            let window = try XCTUnwrap(try X11Windows.waitFor("Unsaved \(marker)"), app.printed)
            // A page the user touched: WebKit would ask its beforeunload handler on closing.
            try runTool("/usr/bin/xdotool", ["windowraise", window, "mousemove", "--window", window, "300", "300", "click", "1"])
            XCTAssertNotNil(try X11Windows.waitFor("Touched \(marker)", timeout: 10), "the click did not reach the page")
            try runTool("/usr/bin/xdotool", ["windowsize", "--sync", window, "700", "500"])
            Thread.sleep(forTimeInterval: 0.3)
            end(app, with: signal, "the app")
            // The content size GTK keeps: the 700×500 frame less its client-side shadows.
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any]
            let width = saved?["width"] as? Int ?? 0, height = saved?["height"] as? Int ?? 0
            XCTAssertTrue((600...700).contains(width) && (400...500).contains(height),
                          "signal \(signal): the resized window's state was not saved: \(String(describing: saved))")
        }
    }
}
