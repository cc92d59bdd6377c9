import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// The app:// scheme in a real web view: files, 404s for every escape, ranges, headers.
final class AppSchemeTests: GTKTestCase {
    private struct Fetched: Decodable, Equatable {
        let status: Int
        let type: String?
        let csp: String?
        let range: String?
        let text: String?
    }

    private static func makeSite() throws -> (TestDirectory, AppScheme) {
        let files = TestDirectory()
        files.write("root/index.html", """
            <!DOCTYPE html><title>app home</title><script src="app.js"></script>
            <script>window.inlineScriptRan = true;</script>
            """)
        files.write("root/app.js", "window.externalScriptRan = true;")
        files.write("root/sub/index.html", "<title>sub</title>")
        files.write("secret.txt", "TOP SECRET")
        let data = (0..<4096).map { UInt8($0 % 251) }
        try Data(data).write(to: files.url.appendingPathComponent("root/data.bin"))
        for name in ["a.css", "a.mjs", "a.json", "a.svg", "a.png", "a.webp", "a.woff2", "a.wasm", "a.mp3", "a.webm", "a.txt"] {
            files.write("root/types/\(name)", "x")
        }
        let root = files.url.appendingPathComponent("root").path
        try FileManager.default.createSymbolicLink(atPath: root + "/out.txt", withDestinationPath: files.url.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/outdir", withDestinationPath: files.url.path)
        return (files, try AppScheme(directory: root))
    }

    @MainActor
    private static func openApp(_ scheme: AppScheme) async throws -> TestWindow {
        let context = WebContext.ephemeral()
        context.register(scheme)
        let host = TestWindow(view: WebView(context: context))
        host.view.load(uri: scheme.uri(for: "index.html"))
        try await host.waitForLoad()
        return host
    }

    private static let fetchScript = """
        let response;
        try { response = await fetch(PATH, OPTIONS); } catch (error) { return {status: -1, text: String(error)}; }
        const body = await response.text();
        return {status: response.status, type: response.headers.get('content-type'),
                csp: response.headers.get('content-security-policy'),
                range: response.headers.get('content-range'), text: body};
        """

    @MainActor
    private static func fetch(_ view: WebView, _ path: String, options: String = "{}") async throws -> Fetched {
        let script = Self.fetchScript.replacingOccurrences(of: "PATH", with: "'\(path)'")
            .replacingOccurrences(of: "OPTIONS", with: options)
        return try await view.evaluateAsync(script, as: Fetched.self)
    }

    /// The file's own inline script runs (its hash is in the policy the file is served with);
    /// see AppSchemePolicyTests for script injected at run time, which does not.
    func testPageLoadsWithCSPThatAllowsTheFilesOwnInlineScriptByItsHash() throws {
        let (files, scheme) = try Self.makeSite()
        gtkTest {
            let host = try await Self.openApp(scheme)
            // The title's notification may arrive just after the load's end on a loaded machine.
            try await waitUntil("the page's title") { host.view.title == "app home" }
            let external = try await host.view.evaluateJavaScript("window.externalScriptRan === true")
            XCTAssertEqual(external, .bool(true))
            let inline = try await host.view.evaluateJavaScript("window.inlineScriptRan === true")
            XCTAssertEqual(inline, .bool(true), "the file's own inline script must run")
            let secure = try await host.view.evaluateJavaScript("window.isSecureContext")
            XCTAssertEqual(secure, .bool(true))
            let page = try await Self.fetch(host.view, "/index.html")
            XCTAssertEqual(page.status, 200)
            XCTAssertEqual(page.type, "text/html")
            // The default policy with the hash of the file's one inline script, in the header only.
            let hash = "'sha256-" + (try runTool("/bin/sh", ["-c", "printf %s 'window.inlineScriptRan = true;' | openssl dgst -sha256 -binary | base64"])
                .output.trimmingCharacters(in: .whitespacesAndNewlines)) + "'"
            XCTAssertEqual(page.csp, AppScheme.defaultContentSecurityPolicy.replacingOccurrences(
                of: "script-src 'self' 'wasm-unsafe-eval'", with: "script-src 'self' 'wasm-unsafe-eval' \(hash)"))
            // Nothing is written into the file (WebKitGTK 2.50.6 enforces the header of a custom
            // scheme), so the page's lines are the file's.
            XCTAssertEqual(page.text, try String(contentsOf: files.url.appendingPathComponent("root/index.html"), encoding: .utf8))
            let directory = try await Self.fetch(host.view, "/sub/")
            XCTAssertEqual(directory.text, "<title>sub</title>")
            XCTAssertEqual(directory.csp, AppScheme.defaultContentSecurityPolicy)
            host.close()
        }
        _ = files
    }

    /// What the scheme adds to a served page (the media script, the policy) moves none of the
    /// file's lines: an error stack and an uncaught error name the line the file has.
    func testErrorsNameTheFilesOwnLines() throws {
        let files = TestDirectory()
        files.write("root/index.html", """
            <!DOCTYPE html>
            <html>
            <head><title>lines</title>
            <script>window.onerror = (message, source, line) => { window.errorLine = line; };</script>
            </head>
            <body><script>window.stackLine = new Error().stack;</script>
            <p>text</p>
            <script>
              null.x;</script>
            </body></html>
            """)
        var scheme = try AppScheme(directory: files.url.appendingPathComponent("root").path)
        gtkTest {
            try scheme.serveMediaFromLoopback()
            let host = try await Self.openApp(scheme)
            let lines = try await host.view.evaluateAsync("return [String(window.stackLine), window.errorLine];", as: [AnyScalar].self)
            XCTAssertEqual(lines.count, 2)
            guard case .string(let stack) = lines.first else { return XCTFail("\(lines)") }
            XCTAssertTrue(stack.contains("app://localhost/index.html:6:"), stack)
            XCTAssertEqual(lines.last, .number(9))
            host.close()
        }
        _ = files
    }

    func testEveryTraversalAttemptGets404() throws {
        let (files, scheme) = try Self.makeSite()
        let secretPath = files.url.path + "/secret.txt"
        let attempts = [
            "/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/sub/%2e%2e/%2e%2e/secret.txt",
            "/..%2fsecret.txt", "/sub%2f..%2f..%2fsecret.txt", "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt",
            "/..%5csecret.txt", "/sub/..%5c..%5csecret.txt", "/%5c..%5csecret.txt", "/out.txt", "/outdir/secret.txt",
            "/index.html%00.txt", "/%00", "app://localhost" + secretPath, "app://localhost/" + secretPath,
            "/missing.html", "/sub/missing/",
        ]
        gtkTest {
            let host = try await Self.openApp(scheme)
            let control = try await Self.fetch(host.view, "/app.js")
            XCTAssertEqual(control.status, 200, "the control request must succeed")
            for attempt in attempts {
                let result = try await Self.fetch(host.view, attempt)
                XCTAssertEqual(result.status, 404, attempt)
                XCTAssertTrue((result.text ?? "").contains("<h1 id=\"error-title\">File not found</h1>"), attempt)
                XCTAssertFalse((result.text ?? "").contains("TOP SECRET"), "\(attempt): \(result.text)")
            }
            // Another host of the scheme is another origin: not readable from here, and not served.
            let otherHost = try await Self.fetch(host.view, "app://tmp" + secretPath)
            XCTAssertEqual(otherHost.status, -1)
            host.view.load(uri: "app://evil/index.html")
            try await host.waitForLoad()
            let shown = try await host.view.evaluateJavaScript("document.body.innerText")
            guard case .string(let text) = shown else { return XCTFail("nothing shown: \(String(describing: shown))") }
            XCTAssertTrue(text.hasPrefix("File not found"), "the scheme serves its own host only: \(text)")
            host.close()
        }
    }

    func testRangeRequestsAnswer206And416() throws {
        let (files, scheme) = try Self.makeSite()
        let bytesScript = """
            const response = await fetch('/data.bin', {headers: {Range: RANGE}});
            const bytes = Array.from(new Uint8Array(await response.arrayBuffer()));
            return {status: response.status, range: response.headers.get('content-range'), bytes: bytes,
                    acceptRanges: response.headers.get('accept-ranges')};
            """
        struct Ranged: Decodable { let status: Int; let range: String?; let bytes: [Int]; let acceptRanges: String? }
        gtkTest {
            let host = try await Self.openApp(scheme)
            func ranged(_ header: String) async throws -> Ranged {
                try await host.view.evaluateAsync(bytesScript.replacingOccurrences(of: "RANGE", with: "'\(header)'"), as: Ranged.self)
            }
            let middle = try await ranged("bytes=1000-1099")
            XCTAssertEqual(middle.status, 206)
            XCTAssertEqual(middle.range, "bytes 1000-1099/4096")
            XCTAssertEqual(middle.bytes, (1000...1099).map { $0 % 251 })
            XCTAssertEqual(middle.acceptRanges, "bytes")
            let tail = try await ranged("bytes=4000-")
            XCTAssertEqual(tail.status, 206)
            XCTAssertEqual(tail.range, "bytes 4000-4095/4096")
            XCTAssertEqual(tail.bytes, (4000...4095).map { $0 % 251 })
            let suffix = try await ranged("bytes=-10")
            XCTAssertEqual(suffix.bytes, (4086...4095).map { $0 % 251 })
            let beyond = try await ranged("bytes=5000-")
            XCTAssertEqual(beyond.status, 416)
            XCTAssertEqual(beyond.range, "bytes */4096")
            let whole = try await ranged("items=1-2")
            XCTAssertEqual(whole.status, 200)
            XCTAssertEqual(whole.bytes.count, 4096)
            host.close()
        }
        _ = files
    }

    /// WebKitGTK's media backend plays only blob:, data:, file:, http: and https: URLs (upstream
    /// bug 146351), so `<audio src="app://…">` fails with MEDIA_ERR_SRC_NOT_SUPPORTED unless the
    /// scheme serves media from a `MediaServer` (MediaPlaybackTests). Without one, a file fetched
    /// from the scheme still plays as a blob URL.
    func testAudioFromTheSchemePlaysAndSeeksThroughABlobURL() throws {
        let (files, scheme) = try Self.makeSite()
        try MediaFiles.silentWAV(at: files.url.appendingPathComponent("root/tone.wav"), seconds: 4)
        struct Played: Decodable { let duration: Double; let time: Double; let type: String }
        gtkTest {
            let host = try await Self.openApp(scheme)
            let played = try await host.view.evaluateAsync("""
                const blob = await (await fetch('/tone.wav')).blob();
                const audio = new Audio(URL.createObjectURL(blob));
                await new Promise((resolve, reject) => {
                    audio.onloadedmetadata = resolve;
                    audio.onerror = () => reject('media error ' + audio.error.code);
                });
                audio.currentTime = 3;
                await new Promise(resolve => { audio.onseeked = resolve; });
                return {duration: audio.duration, time: audio.currentTime, type: blob.type};
                """, as: Played.self, timeout: 20)
            XCTAssertEqual(played.type, "audio/wav")
            XCTAssertEqual(played.duration, 4, accuracy: 0.05)
            XCTAssertEqual(played.time, 3, accuracy: 0.05)
            host.close()
        }
        _ = files
    }

    func testMIMETypesOfServedFiles() throws {
        let (files, scheme) = try Self.makeSite()
        let expected = [
            "a.css": "text/css", "a.mjs": "text/javascript", "a.json": "application/json", "a.svg": "image/svg+xml",
            "a.png": "image/png", "a.webp": "image/webp", "a.woff2": "font/woff2", "a.wasm": "application/wasm",
            "a.mp3": "audio/mpeg", "a.webm": "video/webm", "a.txt": "text/plain",
        ]
        gtkTest {
            let host = try await Self.openApp(scheme)
            for (name, type) in expected {
                let result = try await Self.fetch(host.view, "/types/\(name)")
                XCTAssertEqual(result.status, 200, name)
                XCTAssertEqual(result.type, type, name)
            }
            host.close()
        }
        _ = files
    }

    func testWebPagesCannotEmbedAppContent() throws {
        let (files, scheme) = try Self.makeSite()
        gtkTest {
            let server = try LoopbackServer()
            server.page("/embed.html", "<title>embed</title>")
            let context = WebContext.ephemeral()
            context.register(scheme)
            let host = TestWindow(view: WebView(context: context))
            host.view.load(uri: server.url("/embed.html"))
            try await host.waitForLoad()
            let loaded = try await host.view.evaluateAsync("""
                return await new Promise(resolve => {
                    const script = document.createElement('script');
                    script.src = 'app://localhost/app.js';
                    script.onload = () => resolve('loaded');
                    script.onerror = () => resolve('blocked');
                    document.body.appendChild(script);
                });
                """, as: String.self)
            XCTAssertEqual(loaded, "blocked")
            let notRun = try await host.view.evaluateJavaScript("window.externalScriptRan === undefined")
            XCTAssertEqual(notRun, .bool(true))
            host.close()
            server.stop()
        }
        _ = files
    }
}
