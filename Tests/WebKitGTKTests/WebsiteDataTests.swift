import Foundation
import ScriptMessaging
import TestHelpers
import WebKitGTK
import XCTest

final class WebsiteDataTests: GTKTestCase {
    private static let store = "localStorage.setItem('note', 'kept'); document.cookie = 'page=yes; max-age=3600; path=/'; true"
    private static let read = "JSON.stringify([localStorage.getItem('note'), document.cookie.split('; ').sort().join('; ')])"

    /// The website data location of a test: `data` and `cache` in `files`.
    private static func location(in files: TestDirectory) -> WebsiteDataLocation {
        WebsiteDataLocation(dataDirectory: files.url.appendingPathComponent("data"),
                            cacheDirectory: files.url.appendingPathComponent("cache"))
    }

    /// Runs `script` in a fresh view with `context` showing the server's `path`, then closes
    /// the view; returns what the script returned.
    @MainActor
    private static func run(_ script: String, at path: String, with context: WebContext,
                            server: LoopbackHTTPServer) async throws -> JSONValue? {
        let host = TestWindow(view: WebView(context: context))
        defer { host.close() }
        host.view.load(uri: server.url(path))
        try await host.waitForLoad()
        return try await host.view.evaluateJavaScript(script)
    }

    /// Sets localStorage and two cookies (one from the server, one from script) in a fresh
    /// view with `context`, then closes it.
    @MainActor
    private static func storeData(with context: WebContext, server: LoopbackHTTPServer) async throws {
        _ = try await run(Self.store, at: "/cookie", with: context, server: server)
    }

    /// What a fresh view with `context` sees of the data.
    @MainActor
    private static func readData(with context: WebContext, server: LoopbackHTTPServer) async throws -> String? {
        guard case .string(let text) = try await run(Self.read, at: "/page", with: context, server: server) else { return nil }
        return text
    }

    func testCookiesAndLocalStorageSurviveANewContext() {
        let files = TestDirectory()
        let location = Self.location(in: files)
        gtkTest {
            let server = try LoopbackHTTPServer()
            try await Self.storeData(with: location.makeContext(), server: server)
            XCTAssertTrue(FileManager.default.fileExists(atPath: location.dataDirectory.appendingPathComponent("cookies.sqlite").path))
            let seen = try await Self.readData(with: location.makeContext(), server: server)
            XCTAssertEqual(seen, #"["kept","page=yes; server=yes"]"#)
        }
    }

    func testEphemeralContextWritesNothing() {
        let files = TestDirectory()
        let location = Self.location(in: files)
        gtkTest {
            let server = try LoopbackHTTPServer()
            let ephemeral = location.makeContext(ephemeral: true)
            XCTAssertTrue(ephemeral.isEphemeral)
            try await Self.storeData(with: ephemeral, server: server)
            // Within the same ephemeral context the data is there…
            let sameSession = try await Self.readData(with: ephemeral, server: server)
            XCTAssertEqual(sameSession, #"["kept","page=yes; server=yes"]"#)
            // …but nothing reached the disk, and a persistent context starts empty.
            XCTAssertFalse(FileManager.default.fileExists(atPath: location.dataDirectory.path))
            XCTAssertFalse(FileManager.default.fileExists(atPath: location.cacheDirectory.path))
            let fresh = try await Self.readData(with: location.makeContext(), server: server)
            XCTAssertEqual(fresh, #"[null,""]"#)
        }
    }

    /// `clear()` runs at startup, before any context (its contract); the real app's
    /// `--clear-data` across two launches is tested end to end in DesktopSessionTests. Here the
    /// directories hold what an earlier run left, with no web process that could still write.
    func testClearDeletesStoredData() throws {
        let files = TestDirectory()
        let location = Self.location(in: files)
        files.write("data/cookies.sqlite", "earlier cookies")
        files.write("data/localstorage/http_127.0.0.1_0.localstorage", "earlier storage")
        files.write("cache/http/cached", "earlier cache")
        files.write("kept.txt", "the app's other files")
        try location.clear()
        XCTAssertFalse(FileManager.default.fileExists(atPath: location.dataDirectory.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: location.cacheDirectory.path))
        let left = try FileManager.default.contentsOfDirectory(atPath: files.url.path)
        XCTAssertEqual(left, ["kept.txt"], "only the website data goes, nothing is left aside")
        XCTAssertNoThrow(try location.clear(), "clearing twice is fine")
    }

    func testLiveContextClearsItsData() {
        let files = TestDirectory()
        let location = Self.location(in: files)
        gtkTest {
            let server = try LoopbackHTTPServer()
            let context = location.makeContext()
            try await Self.storeData(with: context, server: server)
            try await context.clearWebsiteData()
            let seen = try await Self.readData(with: context, server: server)
            XCTAssertEqual(seen, #"[null,""]"#)
        }
    }
}
