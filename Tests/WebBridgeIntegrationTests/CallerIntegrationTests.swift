import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import WebKitGTK
import XCTest

/// Who may call the bridge, with real pages from two loopback origins: the trusted one
/// (server `trusted`) works through both APIs; an iframe of the other origin inside it, and
/// a page of the other origin in the main frame, get no `window.bridge` and reach nothing —
/// in the default design (page-world handlers under secret names) and behind the relay.
final class CallerIntegrationTests: GTKTestCase {
    /// The relay's event names for the default world (see `BridgeRelayScript`).
    static let callEvent = "webviewhost-bridge:call"
    static let replyEvent = "webviewhost-bridge:reply"

    @MainActor
    final class Recorder: WebViewBridgeDelegate, BridgeLogger {
        var failures: [BridgeError] = []
        var warnings: [String] = []
        func bridge(_ bridge: WebViewBridge, didFail failure: BridgeFailure) {
            if case .message(_, let error) = failure { failures.append(error) }
        }
        func isEnabled(_ level: BridgeLogLevel) -> Bool { level >= .warning }
        func log(_ level: BridgeLogLevel, _ message: String) { warnings.append(message) }
    }

    /// A page whose bridge trusts `trusted` only, with the fixture's counted `echo` handler,
    /// and a page-world handler of the app's own (as `window.close` has), so `window.webkit`
    /// exists in every frame.
    @MainActor
    final class Fixture {
        let trusted: LoopbackServer
        let other: LoopbackServer
        let page: BridgePageFixture
        let recorder = Recorder()
        var echoes: Int { page.echoes }

        init(configuration: BridgeConfiguration = BridgeConfiguration()) throws {
            trusted = try LoopbackServer()
            other = try LoopbackServer()
            var configuration = configuration
            configuration.callers = .origins(trusted.origin)
            page = BridgePageFixture(configuration: configuration, echo: true)
            page.bridge.delegate = recorder
            page.bridge.logger = recorder
            page.window.view.userContent.addMessageHandler(name: "appOwn") { _, reply in reply.resolve(json: "\"app\"") }
        }

        func load(_ uri: String) async throws {
            page.bridge.load(uri: uri)
            try await page.window.waitForLoad()
        }

        func close() {
            page.close()
            trusted.stop()
            other.stop()
        }

        /// Nothing reached the handler, and the one refusal was reported and logged as
        /// `forbidden`, naming the other origin.
        func assertRefusedOnceAsForbidden(file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(echoes, 0, file: file, line: line)
            XCTAssertEqual(recorder.failures.map(\.code), [.forbidden], file: file, line: line)
            XCTAssertTrue(recorder.warnings.contains { $0.contains("forbidden") && $0.contains(other.origin) },
                          "\(recorder.warnings)", file: file, line: line)
        }

        /// Lets the page pose as the bridge's client, then sends it an event and a page call;
        /// returns what it heard (nothing, for a page the bridge does not trust).
        func whatAPosingClientHears() async throws -> JSONValue {
            _ = try await page.run("""
                window.heard = [];
                window.bridge = { __emit: (name, payload) => heard.push(payload), __call: (name, args) => heard.push(args) };
                """)
            try page.bridge.dispatch("secret", ["key": "value"])
            try page.bridge.sendJavaScriptCall("show", "secret")
            try await Task.sleep(for: .milliseconds(100))
            return try await page.bridge.evaluateJavaScript("window.heard", as: JSONValue.self)
        }

        /// Shows a trusted page embedding an iframe of the other origin that tries every way
        /// to reach the bridge (`frameAttempts`), and returns what the iframe reports.
        func crossOriginFrameReport() async throws -> JSONValue {
            other.page("/frame", CallerIntegrationTests.frameAttempts)
            trusted.page("/", """
                <!doctype html><script>
                window.addEventListener('message', (e) => { window.frameReport = JSON.parse(e.data); });
                </script><iframe src="\(other.url("/frame"))"></iframe>
                """)
            try await load(trusted.url("/"))
            return try await page.run("""
                while (!window.frameReport) await new Promise((r) => setTimeout(r, 10));
                return window.frameReport;
                """)
        }
    }

    /// What the iframe of `frameAttempts` reports: in every world it gets no client, lists
    /// nothing, guesses no bridge handler and cannot reach its parent; only with the handlers
    /// in the page's world (`handlersInPageWorld`) does it see `echo` (and guess `__bridge`)
    /// and its raw call resolve.
    static func expectedFrameReport(handlersInPageWorld: Bool) -> JSONValue {
        let seen: JSONValue = handlersInPageWorld ? "object" : "undefined"
        return [
            "bridge": "undefined", "namespace": "object", "echo": seen, "raw": handlersInPageWorld ? "resolved" : "TypeError",
            "enumerated": ["{}"], "guessed": [seen, "undefined", "undefined", "undefined", "undefined"],
            "parentBridge": "SecurityError", "topBridge": "SecurityError", "parentEvent": "SecurityError",
            "ownEvent": "unclaimed", "replies": 0,
        ]
    }

    /// What the iframe tries: every way it might reach the bridge.
    static let frameAttempts = """
        <!doctype html><script>
        (async () => {
          const report = {};
          report.bridge = typeof window.bridge;
          report.namespace = typeof (window.webkit && window.webkit.messageHandlers);
          report.echo = typeof window.webkit.messageHandlers.echo;
          const handlers = window.webkit.messageHandlers;
          const forIn = [];
          for (const key in handlers) forIn.push(key);
          report.enumerated = [...Object.keys(handlers), ...forIn, ...Object.getOwnPropertyNames(handlers),
            ...Reflect.ownKeys(handlers).map(String), ...Object.keys(Object.getOwnPropertyDescriptors(handlers)),
            JSON.stringify(handlers)];
          report.guessed = ['__bridge', 'bridge', 'echo:', ':echo', 'webviewhost-bridge'].map((name) => typeof handlers[name]);
          try { await window.webkit.messageHandlers.echo.postMessage({a: 1}); report.raw = 'resolved'; } catch (e) { report.raw = e.name; }
          try { report.parentBridge = typeof parent.bridge; } catch (e) { report.parentBridge = e.name; }
          try { report.topBridge = typeof top.bridge.invoke; } catch (e) { report.topBridge = e.name; }
          try {
            parent.dispatchEvent(new CustomEvent('\(callEvent)', { detail: { id: 1, name: 'echo', payload: {} }, cancelable: true }));
            report.parentEvent = 'dispatched';
          } catch (e) { report.parentEvent = e.name; }
          const replies = [];
          window.addEventListener('\(replyEvent)', (e) => replies.push(e.detail));
          report.ownEvent = window.dispatchEvent(new CustomEvent('\(callEvent)', { detail: { id: 2, name: 'echo', payload: {} }, cancelable: true }))
            ? 'unclaimed' : 'claimed';
          await new Promise((r) => setTimeout(r, 200));
          report.replies = replies.length;
          parent.postMessage(JSON.stringify(report), '*');
        })();
        </script>
        """

    func testACrossOriginIframeInATrustedPageReachesNothing() {
        gtkTest { try await Self.aCrossOriginIframeReachesNothing(in: .capability) }
    }

    func testACrossOriginIframeInATrustedPageReachesNothingBehindTheRelay() {
        gtkTest { try await Self.aCrossOriginIframeReachesNothing(in: .isolated) }
    }

    /// The iframe sees WebKit's handler namespace (the app's own `appOwn` handler lives in
    /// the page world), but cannot list it or guess a bridge handler in it.
    @MainActor
    static func aCrossOriginIframeReachesNothing(in world: BridgeContentWorld) async throws {
        let fixture = try Fixture(configuration: BridgeConfiguration(contentWorld: world))
        defer { fixture.close() }
        let report = try await fixture.crossOriginFrameReport()
        XCTAssertEqual(report, expectedFrameReport(handlersInPageWorld: false))
        XCTAssertEqual(fixture.echoes, 0)
        XCTAssertEqual(fixture.recorder.failures, [])

        // The trusted page itself keeps both APIs, and the app's own page-world handler.
        let trusted = try await fixture.page.run("""
            return [await window.bridge.invoke('echo', {n: 1}), await window.webkit.messageHandlers.echo.postMessage([2]),
                    await window.webkit.messageHandlers.appOwn.postMessage(null)];
            """)
        XCTAssertEqual(trusted, [["n": 1], [2], "app"])
        XCTAssertEqual(fixture.echoes, 2)
    }

    /// An untrusted page in the main frame gets no client, so no secret names: it finds
    /// nothing to call. Posting to a secret name it could not know (the test knows it) is
    /// still refused by the native side, from the view's own URI.
    func testAPageOfAnotherOriginGetsNoNamesAndItsCallsAreForbidden() {
        gtkTest { @MainActor in
            let fixture = try Fixture()
            defer { fixture.close() }
            fixture.other.page("/", "<!doctype html><p>elsewhere</p>")
            try await fixture.load(fixture.other.url("/"))
            let secret = fixture.page.bridge.registeredPrefix
            XCTAssertEqual(secret.count, 33)
            let seen = try await fixture.page.run("""
                const handlers = window.webkit.messageHandlers;
                const forIn = [];
                for (const key in handlers) forIn.push(key);
                const claimed = !window.dispatchEvent(new CustomEvent('\(Self.callEvent)',
                  { detail: { id: 7, name: 'echo', payload: { a: 1 } }, cancelable: true }));
                return [typeof window.bridge, typeof handlers.echo, typeof handlers.__bridge,
                        [...Object.keys(handlers), ...forIn, ...Reflect.ownKeys(handlers).map(String)], claimed];
                """)
            XCTAssertEqual(seen, ["undefined", "undefined", "undefined", [], false])
            XCTAssertEqual(fixture.recorder.failures, [])

            let forged = try await fixture.page.run("""
                try { await window.webkit.messageHandlers['\(secret)echo'].postMessage({ a: 1 }); return 'resolved'; }
                catch (e) { return JSON.parse(e.message).code; }
                """)
            XCTAssertEqual(forged, "forbidden")
            fixture.assertRefusedOnceAsForbidden()

            let heard = try await fixture.whatAPosingClientHears()
            XCTAssertEqual(heard, [])
        }
    }

    /// Each bridge has its own secret, and the trusted page's client knows it without
    /// any page script being able to read it from the client.
    func testTheSecretIsPerBridgeAndNotInThePagesReach() {
        gtkTest { @MainActor in
            let fixture = try Fixture()
            defer { fixture.close() }
            let other = BridgePageFixture()
            defer { other.close() }
            XCTAssertNotEqual(fixture.page.bridge.registeredPrefix, other.bridge.registeredPrefix)
            fixture.trusted.page("/", "<!doctype html><p>trusted</p>")
            try await fixture.load(fixture.trusted.url("/"))
            let secret = String(fixture.page.bridge.registeredPrefix.dropLast())
            // Everything a page script can reach of the client: its functions' source, its
            // objects, the namespace it shadows.
            let reachable = try await fixture.page.run("""
                const texts = [];
                for (const value of [window.bridge, window.webkit, window.webkit.messageHandlers,
                                     window.webkit.messageHandlers.echo]) {
                  for (const key of Reflect.ownKeys(value)) {
                    const item = value[key];
                    texts.push(String(key), typeof item === 'function' ? Function.prototype.toString.call(item) : JSON.stringify(item));
                  }
                }
                texts.push(Function.prototype.toString.call(window.webkit.messageHandlers.echo.postMessage));
                return texts.join('\\n');
                """)
            guard case .string(let text) = reachable else { return XCTFail("\(reachable)") }
            XCTAssertFalse(text.contains(secret))
            XCTAssertTrue(text.contains("postMessage"))
        }
    }

    func testAPageOfAnotherOriginGetsNoBridgeAndItsRawCallsAreForbidden() {
        gtkTest { @MainActor in
            let fixture = try Fixture(configuration: BridgeConfiguration(contentWorld: .isolated))
            defer { fixture.close() }
            fixture.other.page("/", "<!doctype html><p>elsewhere</p>")
            try await fixture.load(fixture.other.url("/"))
            let seen = try await fixture.page.run("""
                return [typeof window.bridge, typeof window.webkit.messageHandlers.echo, typeof window.webkit.messageHandlers.__bridge];
                """)
            XCTAssertEqual(seen, ["undefined", "undefined", "undefined"])

            // Bypassing the (absent) client: the relay carries it, the native side refuses it.
            let raw = try await fixture.page.run("""
                const reply = new Promise((resolve) => window.addEventListener('\(Self.replyEvent)', (e) => resolve(e.detail), { once: true }));
                const claimed = !window.dispatchEvent(new CustomEvent('\(Self.callEvent)', { detail: { id: 7, name: 'echo', payload: { a: 1 } }, cancelable: true }));
                return [claimed, await reply];
                """)
            guard case .array(let values) = raw, values.count == 2, case .string(let error)? = values[1]["error"] else {
                return XCTFail("\(raw)")
            }
            XCTAssertEqual(values[0], true)
            XCTAssertEqual(values[1]["id"], 7)
            XCTAssertTrue(error.contains(#""code":"forbidden""#), error)
            fixture.assertRefusedOnceAsForbidden()

            // A page posing as the client hears no events and no page calls.
            let heard = try await fixture.whatAPosingClientHears()
            XCTAssertEqual(heard, [])
        }
    }

    func testOversizeAndOverDeepPayloadsAreRejectedBeforeAndAfterTheClient() {
        gtkTest { @MainActor in
            let fixture = try Fixture(configuration: BridgeConfiguration(maxPayloadBytes: 4096, maxDepth: 16,
                                                                         contentWorld: .isolated))
            defer { fixture.close() }
            fixture.trusted.page("/", "<!doctype html><p>trusted</p>")
            try await fixture.load(fixture.trusted.url("/"))
            let outcome = try await fixture.page.run("""
                const deep = (n) => { let v = 1; for (let i = 0; i < n; i++) v = [v]; return v; };
                const codes = [];
                for (const call of [
                  () => window.bridge.invoke('echo', 'x'.repeat(5000)),
                  () => window.webkit.messageHandlers.echo.postMessage({ data: 'é'.repeat(4000) }),
                  () => window.bridge.invoke('echo', deep(17)),
                  () => window.webkit.messageHandlers.echo.postMessage(deep(100000)),
                ]) {
                  try { await call(); codes.push('resolved'); } catch (e) { codes.push(e.code); }
                }
                // Past the client, straight to the relay: the native side checks too.
                let nextId = 1000;
                const raw = (payload) => new Promise((resolve) => {
                  const id = nextId++;
                  const listener = (e) => { if (e.detail.id === id) { window.removeEventListener('\(Self.replyEvent)', listener); resolve(e.detail); } };
                  window.addEventListener('\(Self.replyEvent)', listener);
                  window.dispatchEvent(new CustomEvent('\(Self.callEvent)', { detail: { id, name: 'echo', payload }, cancelable: true }));
                });
                const rawCodes = [];
                for (const payload of [{ data: 'é'.repeat(3000) }, deep(17), '{"a":'.repeat(100)]) {
                  const reply = await raw(payload);
                  rawCodes.push(JSON.parse(reply.error).code);
                }
                const fine = await window.bridge.invoke('echo', deep(15));
                return [codes, rawCodes, JSON.stringify(fine) === JSON.stringify(deep(15))];
                """)
            XCTAssertEqual(outcome, [
                ["payload-too-large", "payload-too-large", "payload-too-large", "payload-too-large"],
                ["payload-too-large", "payload-too-large", "payload-too-large"], true,
            ])
            XCTAssertEqual(fixture.echoes, 1)
            XCTAssertEqual(fixture.recorder.failures.map(\.code), Array(repeating: .payloadTooLarge, count: 4))
        }
    }

    func testFilePagesAreTrustedByDirectory() {
        gtkTest { @MainActor in
            let directory = TestDirectory()
            let trusted = directory.write("site/index.html", "<!doctype html><p>site</p>")
            let nested = directory.write("site/sub/page.html", "<!doctype html><p>nested</p>")
            let outside = directory.write("elsewhere/page.html", "<!doctype html><p>elsewhere</p>")
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .page(trusted.absoluteString)), echo: true)
            defer { page.close() }
            let expectations: [(URL, JSONValue)] = [(trusted, [1]), (nested, [1]), (outside, "undefined")]
            for (file, expected) in expectations {
                page.bridge.load(uri: file.absoluteString)
                try await page.window.waitForLoad()
                let outcome = try await page.run("return window.bridge ? await window.bridge.invoke('echo', [1]) : typeof window.bridge;")
                XCTAssertEqual(outcome, expected, file.path)
            }
        }
    }
    /// File names are bytes (see `PageScope`): a directory is trusted however a URI spells its
    /// bytes — escapes in either case, `(` or `%28` — by the native check and by the page
    /// client's own check of `location.href`, and a directory whose name differs in one byte is not.
    func testFilePagesAreTrustedByTheBytesOfTheirDirectory() {
        gtkTest { @MainActor in
            let directory = TestDirectory()
            directory.write("my (old) café/index.html", "<!doctype html><p>site</p>")
            directory.write("my (old) café/sub/page.html", "<!doctype html><p>nested</p>")
            directory.write("my (old) cafe/index.html", "<!doctype html><p>elsewhere</p>")
            let base = directory.url.absoluteString
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .page(base + "my%20(old)%20caf%C3%A9/index.html")), echo: true)
            defer { page.close() }
            let expectations: [(String, JSONValue)] = [
                ("my%20(old)%20caf%C3%A9/index.html", [1]), ("my%20%28old%29%20caf%c3%a9/sub/page.html", [1]),
                ("my%20(old)%20cafe/index.html", "undefined"),
            ]
            for (path, expected) in expectations {
                page.bridge.load(uri: base + path)
                try await page.window.waitForLoad()
                let outcome = try await page.run("return window.bridge ? await window.bridge.invoke('echo', [1]) : typeof window.bridge;")
                XCTAssertEqual(outcome, expected, path)
            }
        }
    }
    /// A page whose name is not UTF-8 (Latin-1 `caf\xE9.html`, which WebKit shows with its
    /// directory as the URI, see `WebView.load(uri:)`) gets the bridge of its directory.
    func testAFilePageWhoseNameIsNotUTF8GetsTheBridgeOfItsDirectory() {
        gtkTest { @MainActor in
            let directory = TestDirectory()
            directory.write("site/index.html", "<!doctype html><p>site</p>")
            let latin1 = Array(directory.url.appendingPathComponent("site").path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".html".utf8)
            XCTAssertTrue(Self.write("<!doctype html><p>latin-1</p>", toPathBytes: latin1))
            let uri = directory.url.appendingPathComponent("site").absoluteString + "/caf%E9.html"
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .page(uri)), echo: true)
            defer { page.close() }
            page.bridge.load(uri: uri)
            try await page.window.waitForLoad()
            let outcome = try await page.run("return [document.body.textContent, window.bridge ? await window.bridge.invoke('echo', [1]) : typeof window.bridge];")
            XCTAssertEqual(outcome, ["latin-1", [1]], page.bridge.webView.pageURI ?? "no page")
        }
    }

    /// Writes a file whose path is bytes that need not be UTF-8 (a Swift `String` cannot name it).
    private static func write(_ contents: String, toPathBytes path: [UInt8]) -> Bool {
        guard let file = fopen(path.map { CChar(bitPattern: $0) } + [0], "w") else { return false }
        defer { fclose(file) }
        return fputs(contents, file) >= 0
    }
}
