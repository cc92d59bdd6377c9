import CGtkHelpers
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// A real drag (xdotool: press, move, release) from a second GTK window of the test, which
/// offers files as `text/uri-list`, onto an app's window: Swift gets the paths; a trusted page
/// allowed `droppedFilePaths` gets them in the `filesDropped` event, one allowed `droppedFiles`
/// gets the files (name, size, type, token) and reads each one's bytes by its token — what
/// the drop event's own `File`s were before WebKitGTK 2.50 turned them off (CVE-2025-13947);
/// the page's own drop event still happens, as in any browser.
final class DroppedFilesTests: GTKTestCase {
    private static let pages = [
        "index.html": #"<title>Drops</title><body style="margin:0;height:100vh">drop here<script src="drops.js"></script></body>"#,
        "other.html": #"<title>Other</title><body>elsewhere</body>"#,
        "drops.js": """
            window.drops = [];
            addEventListener('dragover', (e) => e.preventDefault());
            window.dropEvents = [];
            addEventListener('drop', (e) => { e.preventDefault(); dropEvents.push('drop:' + [...e.dataTransfer.types].join(',')); });
            window.bridge.on('filesDropped', (drop) => { drops.push(drop); });
            window.readDropped = async (entry) => {
                const bytes = await window.bridge.invokeBinary('desktop.droppedFile', {token: entry.token});
                const file = new File([bytes], entry.name, {type: entry.type, lastModified: entry.lastModified});
                return [file.name, file.size, file.type, await file.text()].join('|');
            };
            window.tryToken = async (token) => {
                try { await window.bridge.invokeBinary('desktop.droppedFile', {token}); return 'read'; }
                catch (e) { return e.code + ': ' + e.message; }
            };
            """,
    ]

    func testAFileDraggedFromAnotherWindowReachesSwiftAndThePage() {
        gtkTest(timeout: 90) {
            let app = try AppPageWindow(pages: Self.pages, configuration: Self.configuration([.droppedFilePaths, .droppedFiles]))
            defer { app.close() }
            let file = app.directory.write("dropped.txt", "dropped")
            var dropped: [[String]] = []
            let observation = app.window.onDroppedFiles { dropped.append($0) }
            defer { observation.cancel() }
            try await app.load("index.html")
            try await Self.drag([file], onto: app.window)
            try await waitUntil(timeout: 20, "Swift got the drop") { !dropped.isEmpty }
            XCTAssertEqual(dropped, [[file.path]])
            try await eventually("the page got the filesDropped event") {
                try await app.window.webView.evaluateJavaScript("drops.length", as: Int.self) == 1
            }
            let event = try await Self.firstDrop(in: app)
            XCTAssertEqual(event.paths, [file.path])
            XCTAssertEqual(event.files.map(\.name), ["dropped.txt"])
            XCTAssertEqual(event.files.first?.size, 7)
            XCTAssertEqual(event.files.first?.type, "text/plain")
            let modified = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
            XCTAssertEqual(try XCTUnwrap(event.files.first?.lastModified).timeIntervalSince1970, modified.timeIntervalSince1970,
                           accuracy: 0.001, "lastModified crosses as JavaScript's ms since 1970")
            let read = try await app.window.webView.callAsyncJavaScript("return await readDropped(drops[0].files[0]);", as: String.self)
            XCTAssertEqual(read, "dropped.txt|7|text/plain|dropped", "the page makes the dropped file's File of its bytes")
            // The page's own drop event still happens, with what was dragged.
            let events = try await app.window.webView.evaluateJavaScript("dropEvents.join('|')", as: String.self)
            XCTAssertTrue(events.hasPrefix("drop:") && events.contains("text/uri-list"), events)
        }
    }

    /// `droppedFiles` alone: the page gets the files and no path; folders are not among them;
    /// the tokens read nothing once the page has navigated away, nor do forged ones.
    func testAPageReadsTheFilesDroppedOnItAndNothingElse() {
        gtkTest(timeout: 90) {
            let app = try AppPageWindow(pages: Self.pages, configuration: Self.configuration([.droppedFiles]))
            defer { app.close() }
            let image = app.directory.write("photo.png", "not really a png")
            let folder = app.directory.url.appendingPathComponent("a folder")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await app.load("index.html")
            try await Self.drag([image, folder], onto: app.window)
            try await eventually(timeout: 20, "the page got the filesDropped event") {
                try await app.window.webView.evaluateJavaScript("drops.length", as: Int.self) == 1
            }
            let event = try await Self.firstDrop(in: app)
            XCTAssertEqual(event.paths, [], "the app did not allow the page paths")
            XCTAssertEqual(event.files.map(\.name), ["photo.png"], "a folder is no file for the page")
            XCTAssertEqual(event.files.first?.type, "image/png")
            let token = try XCTUnwrap(event.files.first?.token)
            let forged = try await app.window.webView.callAsyncJavaScript("return await tryToken('\(UUID().uuidString)');",
                                                                          as: String.self)
            XCTAssertTrue(forged.hasPrefix("forbidden: no dropped file has this token"), forged)
            for hostile in ["5", "{toString() { return '\(token)'; }}", "'x'.repeat(100000)"] {
                let answer = try await app.window.webView.callAsyncJavaScript("return await tryToken(\(hostile));", as: String.self)
                XCTAssertFalse(answer == "read", "\(hostile) read the file")
                XCTAssertTrue(answer.hasPrefix("invalid-payload") || answer.hasPrefix("forbidden"), "\(hostile): \(answer)")
            }
            try await app.load("other.html")
            try await app.load("index.html")
            let stale = try await app.window.webView.callAsyncJavaScript("return await tryToken('\(token)');", as: String.self)
            XCTAssertTrue(stale.hasPrefix("forbidden: "), "a token outlived its page: \(stale)")
        }
    }

    /// A dropped file's token read nothing elsewhere: not in another window of the app (a
    /// trusted page, allowed dropped files itself), not in a frame of another origin inside the
    /// page the file was dropped on, even when that page hands the frame the token (the frame
    /// gets no bridge; raw posts to the bridge's handlers from such frames are refused by the
    /// caller policy, `CallerIntegrationTests`).
    func testAnotherWindowAndAFrameOfAnotherOriginCannotReadADroppedFile() {
        gtkTest(timeout: 90) {
            let frameServer = try LoopbackServer()
            frameServer.page("/frame", """
                <script>
                addEventListener('message', async (e) => {
                    let answer;
                    if (typeof window.bridge !== 'undefined') {
                        try { await window.bridge.invokeBinary('desktop.droppedFile', {token: e.data}); answer = 'read'; }
                        catch (error) { answer = error.code; }
                    } else {
                        answer = 'no bridge';
                    }
                    parent.postMessage(answer, '*');
                });
                </script>
                """)
            let pageServer = try LoopbackServer()
            let script = Self.pages["drops.js"]!
            pageServer.page("/", """
                <title>Drops</title><body style="margin:0;height:100vh">drop here
                <iframe src="\(frameServer.url("/frame"))" style="width:10px;height:10px"></iframe>
                <script>\(script)
                window.frameAnswers = [];
                addEventListener('message', (e) => frameAnswers.push(e.data));
                </script></body>
                """)
            let window = AppWindow(configuration: Self.configuration([.droppedFiles]))
            window.show()
            defer { window.close() }
            try await window.webView.waitForLoad("the page with its frame") { window.load(uri: pageServer.url("/")) }
            let files = TestDirectory()
            let secret = files.write("secret.txt", "secret")
            try await Self.drag([secret], onto: window)
            try await eventually(timeout: 20, "the page got the filesDropped event") {
                try await window.webView.evaluateJavaScript("drops.length", as: Int.self) == 1
            }
            let token = try await window.webView.evaluateJavaScript("drops[0].files[0].token", as: String.self)
            let own = try await window.webView.callAsyncJavaScript("return await readDropped(drops[0].files[0]);", as: String.self)
            XCTAssertEqual(own, "secret.txt|6|text/plain|secret", "the page the file was dropped on reads it")

            _ = try await window.webView.evaluateJavaScript("document.querySelector('iframe').contentWindow.postMessage('\(token)', '*'); 0")
            try await eventually("the frame answered") {
                try await window.webView.evaluateJavaScript("frameAnswers.length", as: Int.self) == 1
            }
            let frame = try await window.webView.evaluateJavaScript("frameAnswers[0]", as: String.self)
            XCTAssertEqual(frame, "no bridge", "a frame of another origin reached the bridge")

            let other = try AppPageWindow(pages: Self.pages, configuration: Self.configuration([.droppedFiles]))
            defer { other.close() }
            try await other.load("index.html")
            let elsewhere = try await other.window.webView.callAsyncJavaScript("return await tryToken('\(token)');", as: String.self)
            XCTAssertTrue(elsewhere.hasPrefix("forbidden: "), "another window read the drop: \(elsewhere)")
        }
    }

    /// A drop never has the log suggest trusting the folder the file came from (which would
    /// hand the bridge to every page in it): not when the page cancels the drop, nor when it
    /// does not and WebKit follows the dropped file as a link, which the window refuses.
    func testADropNeverSuggestsTrustingTheFoldersItCameFrom() {
        gtkTest(timeout: 90) {
            var pages = Self.pages
            pages["plain.html"] = #"<title>Plain</title><body style="margin:0;height:100vh">no drop handling</body>"#
            let app = try AppPageWindow(pages: pages, configuration: Self.configuration([.droppedFiles]))
            defer { app.close() }
            let logger = RecordingLogger()
            app.window.bridge.logger = logger
            let files = TestDirectory()
            let cancelled = files.write("cancelled.txt", "cancelled")
            try await app.load("index.html")
            try await Self.drag([cancelled], onto: app.window)
            try await eventually(timeout: 20, "the page got the filesDropped event") {
                try await app.window.webView.evaluateJavaScript("drops.length", as: Int.self) == 1
            }
            try await app.load("plain.html")
            var refused: [String] = []
            let observation = app.window.guards.navigation.observe { refused.append(String(describing: $0)) }
            defer { observation.cancel() }
            let followed = files.write("followed.txt", "followed")
            try await Self.placeBesideTheDragSource(app.window)
            let source = DragSource(files: [followed])
            defer { source.close() }
            try await source.drag(to: 610, 170)
            try await waitUntil(timeout: 20, "WebKit followed the dropped file and the window refused it") {
                refused.contains { $0.contains("/followed.txt") }
            }
            try await Task.sleep(for: .milliseconds(500))
            let lines = logger.lines.map(\.1)
            XCTAssertEqual(lines.filter { $0.contains("window.trust(") }, [], "a drop suggested trusting the folder it came from")
            // The refusal is still told, as what it is.
            XCTAssertTrue(lines.contains { $0.hasPrefix(followed.absoluteString + " gets no window.bridge") && $0.contains("dropped or downloaded") },
                          "\(lines)")
        }
    }

    /// A page of an app that allows no dropped files has no way to read one.
    func testWithoutTheServiceThePageCannotReadDroppedFiles() {
        gtkTest {
            let app = try AppPageWindow(pages: Self.pages, configuration: Self.configuration([.droppedFilePaths]))
            defer { app.close() }
            try await app.load("index.html")
            let answer = try await app.window.webView.callAsyncJavaScript("return await tryToken('x');", as: String.self)
            XCTAssertTrue(answer.hasPrefix("unknown-handler: "), answer)
        }
    }

    /// The page's first `filesDropped` event, its dates read as the bridge sends them.
    @MainActor
    private static func firstDrop(in app: AppPageWindow) async throws -> FilesDropped {
        let reply = try await app.window.webView.evaluateJavaScriptJSON("drops[0]")
        let json = try XCTUnwrap(reply, "no filesDropped event")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try decoder.decode(FilesDropped.self, from: Data(json.utf8))
    }

    private static func configuration(_ services: PageServices) -> AppWindowConfiguration {
        AppWindowConfiguration(appName: "Drops", width: 400, height: 300, pageServices: services)
    }

    /// Puts `window` right of where `DragSource` shows (GTK 3 places it before it is shown;
    /// GTK 4 cannot, so X moves it once it is on screen).
    @MainActor
    private static func placeBesideTheDragSource(_ window: AppWindow) async throws {
        #if GTK4
        try await waitUntil("the window on screen") { window.window.x11Handle != nil }
        try X11Windows.move(try XCTUnwrap(X11Windows.id(of: window.window)), to: 420, 0)
        #else
        gtk_window_move(window.window.window, 420, 0)
        #endif
    }

    /// Drags `files` from a source window at the top left onto `app`'s window beside it.
    @MainActor
    private static func drag(_ files: [URL], onto window: AppWindow) async throws {
        try await placeBesideTheDragSource(window)
        let source = DragSource(files: files)
        defer { source.close() }
        try await waitUntil("the window on screen") { window.window.x11Handle != nil }
        try await source.drag(to: 610, 170)
        try await eventually(timeout: 20, "the page saw the drop") {
            try await window.webView.evaluateJavaScript("dropEvents.length", as: Int.self) > 0
        }
    }
}
