import Foundation
import TestHelpers
@testable import WebKitGTK
import XCTest

/// Every Content-Security-Policy refusal on the app's own pages is told to the developer
/// (`PolicyViolations`): one line per directive and source, naming what was refused, the
/// file and line, and the setting that would allow it; nothing a page forges or floods.
final class AppSchemeRefusalTests: GTKTestCase {
    /// A view of a fresh context serving `files`, printing its refusals into `printed`.
    @MainActor
    private static func open(_ scheme: AppScheme, printingTo printed: @escaping @MainActor (String) -> Void) async throws -> TestWindow {
        let context = WebContext.ephemeral()
        context.register(scheme)
        let host = TestWindow(view: WebView(context: context))
        host.view.policyViolations.print = printed
        host.view.load(uri: scheme.uri(for: "index.html"))
        try await host.waitForLoad()
        return host
    }

    func testARefusedEvalAndInlineHandlerEachPrintOneLineWithFileLineAndSetting() throws {
        let files = TestDirectory()
        files.write("index.html", """
            <!DOCTYPE html><title>refusals</title>
            <button id="b">b</button>
            <script>
            window.tryEval = () => { try { return eval('1'); } catch (e) { return e.name; } };
            window.addHandler = () => { const b = document.getElementById('b'); b.setAttribute('onclick', 'window.ran = true'); b.click(); };
            </script>
            """)
        let scheme = try AppScheme(directory: files.url.path)
        gtkTest {
            var printed: [String] = []
            let host = try await Self.open(scheme) { printed.append($0) }
            let outcome = try await host.view.evaluateAsync("""
                const results = [tryEval(), tryEval()];
                addHandler(); addHandler();
                await fetch('https://example.com/a').catch(() => {});
                await fetch('https://example.com/b').catch(() => {});
                return results.concat([window.ran === true]);
                """, as: [AnyScalar].self)
            XCTAssertEqual(outcome, [.string("EvalError"), .string("EvalError"), .bool(false)])
            try await waitUntil("three refusals told") { printed.count >= 3 }
            try await Task.sleep(for: .milliseconds(500))
            XCTAssertEqual(printed.count, 3, "each directive and source once: \(printed)")
            let eval = printed.filter { $0.contains("refused eval") }
            XCTAssertEqual(eval.count, 1, "\(printed)")
            XCTAssertTrue(eval.first?.contains("at app://localhost/index.html:4:") == true, "\(eval)")
            XCTAssertTrue(eval.first?.contains("AppScheme.allow([\"'unsafe-eval'\"], for: \"script-src\")") == true, "\(eval)")
            let handler = printed.filter { $0.contains("inline event handler") }
            XCTAssertEqual(handler.count, 1, "\(printed)")
            XCTAssertTrue(handler.first?.contains("at app://localhost/index.html:5:") == true, "\(handler)")
            XCTAssertTrue(handler.first?.contains("AppScheme.allow([\"'unsafe-inline'\"], for: \"script-src\")") == true, "\(handler)")
            let connect = printed.filter { $0.contains("https://example.com/a") }
            XCTAssertTrue(connect.first?.contains("AppScheme.allow([\"https://example.com\"], for: \"connect-src\")") == true, "\(printed)")
            XCTAssertFalse(printed.contains { $0.contains("\n") })
            host.close()
        }
        _ = files
    }

    /// The setting a line names does allow the refused thing, where the app also serves media
    /// (whose script the policy allows by its hash, which must not turn `'unsafe-inline'` off).
    func testTheSettingALineNamesAllowsIt() throws {
        let files = TestDirectory()
        files.write("index.html", "<!DOCTYPE html><title>allowed</title><button id=\"b\">b</button>")
        var scheme = try AppScheme(directory: files.url.path)
        gtkTest {
            try scheme.serveMediaFromLoopback()
            try scheme.allow(["'unsafe-inline'"], for: "script-src")
            try scheme.allow(["'unsafe-eval'"], for: "script-src")
            var printed: [String] = []
            let host = try await Self.open(scheme) { printed.append($0) }
            let outcome = try await host.view.evaluateAsync("""
                const b = document.getElementById('b');
                b.setAttribute('onclick', 'window.ran = true');
                b.click();
                return [window.ran === true, eval('6 * 7'), new Audio('clip.webm').src.startsWith('http://127.0.0.1:')];
                """, as: [AnyScalar].self)
            XCTAssertEqual(outcome, [.bool(true), .number(42), .bool(true)])
            try await Task.sleep(for: .milliseconds(300))
            XCTAssertEqual(printed, [])
            host.close()
        }
        _ = files
    }

    /// A page cannot make the host print: an event it dispatches itself is not trusted, and
    /// a page of another origin (a web page, with its own policy) is not the app's. A page
    /// refused again and again for new hosts prints `maximumLines` lines and one more saying so.
    func testForgedRefusalsOtherPagesAndFloodsPrintNothingOrABoundedCount() throws {
        let files = TestDirectory()
        files.write("index.html", "<!DOCTYPE html><title>flood</title>")
        let scheme = try AppScheme(directory: files.url.path)
        gtkTest {
            var printed: [String] = []
            let host = try await Self.open(scheme) { printed.append($0) }
            _ = try await host.view.evaluateAsync("""
                document.dispatchEvent(new SecurityPolicyViolationEvent('securitypolicyviolation', {
                  effectiveDirective: 'script-src', violatedDirective: 'script-src', blockedURI: 'eval',
                  sourceFile: 'app://localhost/index.html\\nwebview-host: all is well', lineNumber: 1, columnNumber: 1,
                  originalPolicy: '', disposition: 'enforce', statusCode: 200 }));
                return true;
                """, as: Bool.self)
            try await Task.sleep(for: .milliseconds(500))
            XCTAssertEqual(printed, [], "a forged event was printed")

            let server = try LoopbackServer()
            server.route("/web.html") { _ in
                LoopbackServer.Response(body: "<script>try { eval('1') } catch (e) {}</script>",
                                        headers: ["Content-Security-Policy": "script-src 'unsafe-inline'"])
            }
            host.view.load(uri: server.url("/web.html"))
            try await host.waitForLoad()
            try await Task.sleep(for: .milliseconds(500))
            XCTAssertFalse(printed.contains { $0.contains(server.origin) }, "a web page's own refusal was printed as the app's: \(printed)")

            host.view.load(uri: scheme.uri(for: "index.html"))
            try await host.waitForLoad()
            _ = try await host.view.evaluateAsync("""
                await Promise.all(Array.from({ length: 60 }, (_, i) => fetch('https://h' + i + '.example/').catch(() => {})));
                return true;
                """, as: Bool.self)
            try await waitUntil("the bound reached") { printed.count > PolicyViolations.maximumLines }
            try await Task.sleep(for: .milliseconds(500))
            XCTAssertEqual(printed.count, PolicyViolations.maximumLines + 1)
            XCTAssertEqual(printed.last, "Content-Security-Policy: more refusals on this window are not printed")
            server.stop()
            host.close()
        }
        _ = files
    }

    /// What the page sends is escaped into one line: control characters, line separators and
    /// bidirectional controls as `\u{…}`, each field cut short.
    func testAPrintedLineCannotBeSplitOrDisguised() {
        let violation = PolicyViolation(directive: "connect-src", blocked: "https://a.example/\u{2028}x",
                                        file: "app://localhost/x\nwebview-host: fine\u{202E}.html", line: 3, column: 7)
        let line = violation.printed
        XCTAssertFalse(line.contains { $0.isNewline }, line)
        XCTAssertFalse(line.unicodeScalars.contains { $0.value == 0x202E }, line)
        XCTAssertTrue(line.contains("app://localhost/x\\u{a}webview-host: fine\\u{202e}.html:3:7"), line)
        XCTAssertTrue(line.contains("AppScheme.allow([\"https://a.example\"], for: \"connect-src\")"), line)
        XCTAssertEqual(PolicyViolation.source(of: "blob:app://localhost/0b6e"), "blob:")
        XCTAssertEqual(PolicyViolation.source(of: "data"), "data:")
        XCTAssertEqual(PolicyViolation.source(of: "wss://h.example:8443/socket"), "wss://h.example:8443")
        let long = PolicyViolation(directive: "img-src", blocked: "https://b.example/" + String(repeating: "y", count: 5000),
                                   file: "", line: 0, column: 0).printed
        XCTAssertLessThan(long.count, 800, long)
    }
}
