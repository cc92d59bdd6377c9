import Foundation
import TestHelpers
import XCTest

/// The real `webview-host` as a desktop app: one instance per session, website data kept
/// under the XDG directories across launches, none with `--ephemeral`, wiped by `--clear-data`.
final class DesktopSessionTests: XCTestCase {
    private func launcher() throws -> HostLauncher {
        try HostLauncher(executable: HostLauncher.builtExecutable(for: Self.self))
    }

    /// Closes the app's window with Ctrl+Q and expects the app to quit with status 0.
    private func quit(_ app: AppProcess, window: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try X11Windows.press("ctrl+q", in: window)
        XCTAssertEqual(app.waitForExit(), 0, "the app did not quit cleanly: \(app.printed)", file: file, line: line)
    }

    /// Launches the app on a start page titled "Start `marker`" and returns the app and the
    /// start page's window.
    private func launchOnTheStartPage(of host: HostLauncher, marker: Substring) throws -> (app: AppProcess, window: String) {
        host.site.write("index.html", "<title>Start \(marker)</title><p>start</p>")
        let app = try host.launch()
        return (app, try XCTUnwrap(try X11Windows.waitFor("Start \(marker)"), "no start page window: \(app.printed)"))
    }

    func testSecondLaunchOpensItsFilesAsWindowsOfTheRunningApp() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        let pages = TestDirectory()
        pages.write("second.html", "<title>Second \(marker)</title><p>second</p>")
        pages.write("third.html", "<title>Third \(marker)</title><p>third</p>")

        let (first, startWindow) = try launchOnTheStartPage(of: host, marker: marker)
        XCTAssertEqual(try X11Windows.pid(of: startWindow), first.pid)

        // Relative paths, resolved in the launching process's directory; one window each.
        let second = try host.launch(["second.html", "third.html"], directory: pages.url)
        XCTAssertEqual(second.waitForExit(), 0, "the second launch did not hand over and exit: \(second.printed)")
        let secondWindow = try XCTUnwrap(try X11Windows.waitFor("Second \(marker)"), "the file did not open")
        XCTAssertEqual(try X11Windows.pid(of: secondWindow), first.pid, "the file opened in another process")
        let thirdWindow = try XCTUnwrap(try X11Windows.waitFor("Third \(marker)"), "the second file did not open")
        XCTAssertEqual(try X11Windows.pid(of: thirdWindow), first.pid)
        XCTAssertTrue(first.process.isRunning)

        // A private (--ephemeral) launch runs on its own and leaves the running app alone.
        let separate = try host.launch(["--ephemeral", "second.html"], directory: pages.url)
        let separateWindows = poll(timeout: 20) { () -> [String]? in
            let windows = (try? X11Windows.named("Second \(marker)")) ?? []
            return windows.count == 2 ? windows : nil
        }
        let separateWindow = try XCTUnwrap(separateWindows?.first { (try? X11Windows.pid(of: $0)) == separate.pid },
                                           "the --ephemeral launch showed no window of its own: \(separate.printed)")
        try quit(separate, window: separateWindow)
        XCTAssertTrue(first.process.isRunning)

        // Ctrl+W closes one window and the app runs on; Ctrl+Q closes them all and quits.
        try X11Windows.press("ctrl+w", in: secondWindow)
        XCTAssertNotNil(poll(timeout: 10) { (try? X11Windows.named("Second \(marker)"))?.isEmpty == true ? true : nil })
        XCTAssertTrue(first.process.isRunning, "the app quit with windows still open")
        XCTAssertEqual(try X11Windows.named("Third \(marker)"), [thirdWindow])
        try quit(first, window: startWindow)
        XCTAssertEqual(try X11Windows.named("Third \(marker)"), [])
    }

    func testASecondLaunchSaysWhatItDidWithItsOptions() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        let pages = TestDirectory()
        pages.write("more.html", "<title>More \(marker)</title>")
        let (first, start) = try launchOnTheStartPage(of: host, marker: marker)

        let second = try host.launch(["--devtools", "--clear-data", "more.html"], directory: pages.url)
        XCTAssertEqual(second.waitForExit(), 0, second.printed)
        XCTAssertNotNil(try X11Windows.waitFor("More \(marker)"), "the page did not open in the running app")
        XCTAssertTrue(second.printed.contains("opened 1 page in the running WebViewHost"), second.printed)
        XCTAssertTrue(second.printed.contains("--devtools and --clear-data were not applied"), second.printed)
        // Without options or pages there is nothing to explain.
        let third = try host.launch()
        XCTAssertEqual(third.waitForExit(), 0, third.printed)
        XCTAssertFalse(third.printed.contains("not applied"), third.printed)
        try quit(first, window: start)
    }

    func testALinkNoProgramCanOpenTellsTheUser() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        let pages = TestDirectory()
        // The link fills the page, so a click anywhere in the window follows it.
        let page = pages.write("call.html", """
            <title>Call \(marker)</title>
            <style>html, body { height: 100%; margin: 0; } a { display: block; height: 100%; }</style>
            <a id="call" href="tel:+15550100">Call us</a>
            """)
        #if GTK4
        // GTK 4 tells it in a toast in the window: read as a screen reader reads it.
        let accessibility = try AccessibilityBus(on: host.bus)
        let environment = accessibility.joined(host.environment.merging(
            ["XDG_DATA_DIRS": try host.dataDirectoriesWithoutHandlers()]) { $1 })
        let app = try AppProcess(host.executable, [page.path], environment: environment, keepingAlive: [host.bus, accessibility])
        #else
        let app = try host.launch([page.path], environment: ["XDG_DATA_DIRS": try host.dataDirectoriesWithoutHandlers()])
        #endif
        let window = try XCTUnwrap(try X11Windows.waitFor("Call \(marker)"), app.printed)
        // Only a real click of the user's hands a link to another program (a script's click() does not).
        try runTool("/usr/bin/xdotool", ["windowraise", window, "mousemove", "--window", window, "300", "300", "click", "1"])
        #if GTK4
        let tree = try AccessibilityTree(pid: app.pid, environment: environment)
        let toast = poll(timeout: 10) {
            (try? tree.nodes(appOnly: true))?.first { $0.name.hasPrefix("Cannot open link: No program on this computer could open tel:+15550100") }
        }
        XCTAssertNotNil(toast, "the user was not told: \(Result { try tree.nodes(appOnly: true) }) \(app.printed)")
        XCTAssertEqual(try X11Windows.named("Cannot open link"), [], "a toolkit with toasts showed a dialog too")
        #else
        let notice = try XCTUnwrap(try X11Windows.waitFor("Cannot open link", timeout: 10), "the user was not told: \(app.printed)")
        try X11Windows.press("Return", in: notice)
        XCTAssertNotNil(poll(timeout: 10) { (try? X11Windows.named("Cannot open link"))?.isEmpty == true ? true : nil })
        #endif
        XCTAssertEqual(try X11Windows.named("Call \(marker)"), [window], "the page did not stay")
        try quit(app, window: window)
    }

    func testQuittingWithSeveralWindowsAsksEachPageWithUnsavedWork() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        let pages = TestDirectory()
        let names = ["Keep", "Drop"]
        let files = names.map { name in
            pages.write("\(name.lowercased()).html", """
                <title>\(name) \(marker)</title>
                <style>html, body { height: 100%; margin: 0; }</style>
                <script>
                  addEventListener("mousedown", () => { document.title = "\(name) \(marker) touched"; });
                  addEventListener("beforeunload", (e) => { e.preventDefault(); e.returnValue = ""; });
                </script>
                """)
        }
        let app = try host.launch(files.map(\.path))
        var windows: [String] = []
        for name in names {
            let window = try XCTUnwrap(try X11Windows.waitFor("\(name) \(marker)"), "no window for \(name): \(app.printed)")
            // WebKit asks only on a page the user has interacted with.
            try runTool("/usr/bin/xdotool", ["windowraise", window, "mousemove", "--window", window, "300", "300", "click", "1"])
            XCTAssertNotNil(try X11Windows.waitFor("\(name) \(marker) touched", timeout: 10), "the click did not reach \(name)")
            windows.append(window)
        }

        // Ctrl+Q asks each page, and the app waits for the answers. (Staying is covered by
        // ClosingTests; here both are left.)
        try X11Windows.press("ctrl+q", in: windows[0])
        let questions = try files.map { file in
            try XCTUnwrap(try X11Windows.waitFor(file.path, timeout: 10), "\(file.lastPathComponent) was not asked: \(app.printed)")
        }
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(app.process.isRunning, "the app quit before its pages answered")
        XCTAssertEqual(try X11Windows.named("Keep \(marker) touched"), [windows[0]])
        XCTAssertEqual(try X11Windows.named("Drop \(marker) touched"), [windows[1]])
        // GTK sends keys to the newest question whichever is focused: answer until none is left.
        for _ in 0..<4 {
            guard let open = questions.first(where: { (try? X11Windows.pid(of: $0)) != nil }) else { break }
            try X11Windows.press("Return", in: open)
            _ = poll(timeout: 5) { (try? X11Windows.pid(of: open)) == nil ? true : nil }
        }
        XCTAssertEqual(app.waitForExit(), 0, "the app did not quit after both pages were left: \(app.printed)")
    }

    /// The start page counts its visits in localStorage and shows the count as its title.
    private func writeVisitCounter(in host: HostLauncher, marker: Substring) {
        host.site.write("index.html", """
            <!DOCTYPE html><title>loading</title><script src="count.js"></script>
            """)
        host.site.write("count.js", """
            const visits = Number(localStorage.getItem("visits") || 0) + 1;
            localStorage.setItem("visits", String(visits));
            document.title = "\(marker) visits " + visits;
            """)
    }

    /// Launches the app on its start page and returns the visit count it shows, then quits it.
    private func visitCount(_ host: HostLauncher, marker: Substring, _ arguments: [String] = [],
                            file: StaticString = #filePath, line: UInt = #line) throws -> Int? {
        let app = try host.launch(arguments)
        let title = poll(timeout: 20) { () -> (String, String)? in
            guard let window = (try? X11Windows.matching("^\(marker) visits "))?.first,
                  let title = try? X11Windows.title(of: window) else { return nil }
            return (window, title)
        }
        guard let (window, text) = title else {
            XCTFail("no counting window: \(app.printed)", file: file, line: line)
            return nil
        }
        try quit(app, window: window, file: file, line: line)
        return Int(text.split(separator: " ").last ?? "")
    }

    func testWebsiteDataPersistsAcrossLaunchesButNotWhenEphemeralAndClearDataWipesIt() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        writeVisitCounter(in: host, marker: marker)

        XCTAssertEqual(try visitCount(host, marker: marker), 1)
        XCTAssertEqual(try visitCount(host, marker: marker), 2, "localStorage did not survive a restart")
        let stored = host.storedFiles()
        XCTAssertTrue(stored.contains { $0.contains("/data/io.github.webviewhost.WebViewHost/WebKit/") }, "\(stored)")
        XCTAssertTrue(stored.contains { $0.hasSuffix("/state/io.github.webviewhost.WebViewHost/window.json") }, "\(stored)")

        // --ephemeral reads nothing and writes nothing.
        let before = try snapshot(host)
        XCTAssertEqual(try visitCount(host, marker: marker, ["--ephemeral"]), 1)
        XCTAssertEqual(try snapshot(host), before, "--ephemeral changed files on disk")
        XCTAssertEqual(try visitCount(host, marker: marker), 3)

        XCTAssertEqual(try visitCount(host, marker: marker, ["--clear-data"]), 1, "--clear-data kept the old data")
        XCTAssertEqual(try visitCount(host, marker: marker), 2)
    }

    /// Issue 22 (item 9): with a private `HOME` and no XDG variables, website data and window
    /// state land under that home's `.local/share` and `.local/state`, as GLib, GTK and WebKit
    /// put theirs, not under the password file's home.
    func testAPrivateHomeHoldsTheWebsiteDataAndTheWindowState() throws {
        let host = try launcher()
        let marker = UUID().uuidString.prefix(8)
        writeVisitCounter(in: host, marker: marker)
        let home = host.home.url.appendingPathComponent("private-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // An empty XDG variable is unset, for the specification and for GLib.
        var environment = ["HOME": home.path]
        for variable in ["XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"] { environment[variable] = "" }
        let app = try host.launch(environment: environment)
        let window = try XCTUnwrap(poll(timeout: 20) { (try? X11Windows.matching("^\(marker) visits "))?.first }, app.printed)
        XCTAssertEqual(try X11Windows.title(of: window), "\(marker) visits 1", "a private HOME starts with no website data")
        try quit(app, window: window)
        let folder = "io.github.webviewhost.WebViewHost"
        let data = home.appendingPathComponent(".local/share/\(folder)/WebKit")
        let state = home.appendingPathComponent(".local/state/\(folder)/window.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: data.path), "no website data under the private HOME: \(app.printed)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: state.path), "no window state under the private HOME: \(app.printed)")
    }

    func testWindowSizeIsRememberedButNotWhenEphemeral() throws {
        let host = try launcher()
        host.site.write("index.html", "<title>Sized</title>")
        let state = host.home.url.appendingPathComponent("state/io.github.webviewhost.WebViewHost/window.json")

        let first = try host.launch()
        let window = try XCTUnwrap(try X11Windows.waitFor("Sized"), first.printed)
        let defaultSize = try X11Windows.size(of: window)
        try runTool("/usr/bin/xdotool", ["windowsize", "--sync", window, "700", "500"])
        XCTAssertEqual(try X11Windows.size(of: window), "700x500")
        try quit(first, window: window)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state.path), "no window state saved")

        let second = try host.launch()
        let restored = try XCTUnwrap(try X11Windows.waitFor("Sized"), second.printed)
        let restoredSize = poll(timeout: 5) { () -> String? in
            let size = try? X11Windows.size(of: restored)
            return size == "700x500" ? size : nil
        }
        XCTAssertEqual(restoredSize, "700x500", "size not restored: \(String(describing: try? X11Windows.size(of: restored)))")
        try quit(second, window: restored)

        let ephemeral = try host.launch(["--ephemeral"])
        let fresh = try XCTUnwrap(try X11Windows.waitFor("Sized"), ephemeral.printed)
        XCTAssertEqual(try X11Windows.size(of: fresh), defaultSize, "--ephemeral read the saved size")
        try quit(ephemeral, window: fresh)
    }

    /// Names, sizes and modification dates of every file the app keeps.
    private func snapshot(_ host: HostLauncher) throws -> [String: String] {
        var result: [String: String] = [:]
        for path in host.storedFiles() {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            result[path] = "\(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")"
        }
        return result
    }
}
