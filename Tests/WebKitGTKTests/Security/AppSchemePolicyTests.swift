import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// app://'s Content-Security-Policy lets real apps run (issue 22, item 5): the file's own
/// inline scripts (by their hashes), WebAssembly and blob: workers, while script a page
/// injects at run time still cannot run.
final class AppSchemePolicyTests: GTKTestCase {
    /// A tiny WebAssembly module exporting `answer`, a function returning 42.
    static let answerModule = "[0,97,115,109,1,0,0,0, 1,5,1,96,0,1,127, 3,2,1,0, 7,10,1,6,97,110,115,119,101,114,0,0, 10,6,1,4,0,65,42,11]"

    @MainActor
    static func open(_ scheme: AppScheme, _ page: String = "index.html") async throws -> TestWindow {
        let context = WebContext.ephemeral()
        context.register(scheme)
        let host = TestWindow(view: WebView(context: context))
        host.view.load(uri: scheme.uri(for: page))
        try await host.waitForLoad()
        return host
    }

    /// A root of one empty page, `index.html`, kept as long as the directory returned.
    static func onePageSite() throws -> (TestDirectory, AppScheme) {
        let files = TestDirectory()
        files.write("index.html", "<!DOCTYPE html><title>page</title>")
        return (files, try AppScheme(directory: files.url.path))
    }

    /// `body` run as an async function in the scheme's page, in a window of its own.
    @MainActor
    static func outcome<Value: Decodable>(of body: String, on scheme: AppScheme, as type: Value.Type) async throws -> Value {
        let host = try await open(scheme)
        defer { host.close() }
        return try await host.view.evaluateAsync(body, as: type)
    }

    /// Script the page's own file holds runs, CRLF line ends and `<style>` included; script
    /// added at run time (a new element, an inline handler from `innerHTML`) is refused.
    func testTheFilesOwnInlineScriptsRunButInjectedScriptDoesNot() throws {
        let files = TestDirectory()
        files.write("index.html", "<!DOCTYPE html><title>inline</title>\r\n<style>body { color: rgb(1, 2, 3) }</style>"
            + "<script>window.first = true;\r\nwindow.lines = 2;</script><SCRIPT type=\"module\">window.second = true;</SCRIPT>"
            + "<!-- <script>window.commented = true;</script> --><script src=\"app.js\"></script>")
        files.write("app.js", "window.external = true;")
        let scheme = try AppScheme(directory: files.url.path)
        gtkTest {
            let host = try await Self.open(scheme)
            let outcome = try await host.view.evaluateAsync("""
                await new Promise((done) => window.second ? done() : setTimeout(done, 500));
                const violations = [];
                document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
                const script = document.createElement('script');
                script.textContent = 'window.injected = true;';
                document.body.append(script);
                document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="window.handler = true">');
                await new Promise((done) => setTimeout(done, 500));
                return [window.first === true, window.lines, window.second === true, window.external === true,
                        window.commented === undefined, getComputedStyle(document.body).color,
                        window.injected === undefined, window.handler === undefined, violations.length >= 2];
                """, as: [AnyScalar].self)
            XCTAssertEqual(outcome, [.bool(true), .number(2), .bool(true), .bool(true), .bool(true), .string("rgb(1, 2, 3)"),
                                     .bool(true), .bool(true), .bool(true)])
            host.close()
        }
    }

    /// The file's own event-handler attributes run (their hashes, in `script-src-attr` with
    /// `'unsafe-hashes'`), character references decoded as the parser decodes them; the same
    /// attribute set by script, one from `innerHTML`, one repeating the text of the file's
    /// own `<script>` and a `javascript:` link do not. A handler byte-identical to one in the
    /// file does run: that is what a hash allows (the AppSecurity article says so).
    func testTheFilesOwnInlineHandlersRunButHandlersSetByScriptDoNot() throws {
        let files = TestDirectory()
        files.write("index.html", """
            <!DOCTYPE html><title>handlers</title>
            <button id="ownButton" onclick="window.own = (window.own || 0) + 1">own</button>
            <button id="quotedButton" ONCLICK='window.quoted = &quot;yes&quot; + "&#33;"'>quoted</button>
            <button id="otherButton">other</button><script>window.scriptText = 1;</script>
            """)
        let scheme = try AppScheme(directory: files.url.path)
        gtkTest {
            let outcome = try await Self.outcome(of: """
                const click = (id) => document.getElementById(id).click();
                click('ownButton');
                click('quotedButton');
                const other = document.getElementById('otherButton');
                other.setAttribute('onclick', 'window.setByScript = true');
                click('otherButton');
                window.scriptText = 0;
                other.setAttribute('onclick', 'window.scriptText = 1;');
                click('otherButton');
                document.body.insertAdjacentHTML('beforeend', '<button id="injectedButton" onclick="window.injected = true">i</button>');
                click('injectedButton');
                const link = document.createElement('a');
                link.href = 'javascript:window.javascriptURL = true';
                document.body.append(link);
                link.click();
                await new Promise((done) => setTimeout(done, 300));
                other.setAttribute('onclick', 'window.own = (window.own || 0) + 1');
                click('otherButton');
                return [window.own ?? 0, window.quoted ?? '', window.setByScript === true, window.scriptText,
                        window.injected === true, window.javascriptURL === true];
                """, on: scheme, as: [AnyScalar].self)
            XCTAssertEqual(outcome, [.number(2), .string("yes!"), .bool(false), .number(0), .bool(false), .bool(false)])
        }
        _ = files
    }

    /// A jQuery-UI-style bootstrap (an external script that loads another, which adds the demo
    /// as a `<script>` whose text it sets) needs the app's opt-in: by default the added
    /// script is refused; with `'strict-dynamic'` the file's own scripts (given a nonce by the
    /// scheme) and what they add run, while markup inserted at run time and `eval` stay refused.
    func testStrictDynamicLetsTheFilesScriptsAddScripts() throws {
        let files = TestDirectory()
        files.write("index.html", """
            <!DOCTYPE html><title>demos</title>
            <script src="require.js" data-main="bootstrap"></script>
            """)
        files.write("require.js", """
            const main = document.createElement('script');
            main.src = document.currentScript.dataset.main + '.js';
            document.head.append(main);
            """)
        files.write("bootstrap.js", """
            window.bootstrapRan = true;
            const demo = document.createElement('script');
            demo.text = 'window.demo = "datepicker";';
            document.head.append(demo);
            """)
        let site = try AppScheme(directory: files.url.path)
        var optedIn = site
        let check = """
            await new Promise((done) => { const t = setInterval(() => { if (window.demo || window.bootstrapRan) { clearInterval(t); setTimeout(done, 200); } }, 20); setTimeout(done, 3000); });
            document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="window.handler = true">');
            let evaluated;
            try { evaluated = eval('1'); } catch (e) { evaluated = e.name; }
            await new Promise((done) => setTimeout(done, 300));
            return [window.bootstrapRan === true, window.demo ?? 'none', window.handler === true, evaluated];
            """
        gtkTest {
            let refused = try await Self.outcome(of: check, on: site, as: [AnyScalar].self)
            XCTAssertEqual(refused, [.bool(true), .string("none"), .bool(false), .string("EvalError")])
            try optedIn.allow(["'strict-dynamic'"], for: "script-src")
            let allowed = try await Self.outcome(of: check, on: optedIn, as: [AnyScalar].self)
            XCTAssertEqual(allowed, [.bool(true), .string("datepicker"), .bool(false), .string("EvalError")])
        }
        _ = files
    }

    /// Code a page injects stays refused next to the file's own handlers: a `srcdoc` frame's
    /// script and handler, a `<script>` from `innerHTML`, `data:` and `blob:` script elements,
    /// a `javascript:` link. With `'strict-dynamic'` a script element a running script
    /// creates runs whatever its URL (`data:`, `blob:` too: that is the keyword's meaning),
    /// while the `srcdoc` frame, markup and `javascript:` stay refused.
    func testInjectedCodeStaysRefusedWithAndWithoutStrictDynamic() throws {
        let files = TestDirectory()
        files.write("index.html", """
            <!DOCTYPE html><title>hostile</title><button id="ownButton" onclick="window.own = true">own</button>
            """)
        let site = try AppScheme(directory: files.url.path)
        var optedIn = site
        let attempt = """
            const frame = document.createElement('iframe');
            frame.srcdoc = '<script>parent.srcdocScript = true<\\/script><img src="data:," onerror="parent.srcdocHandler = true">';
            document.body.append(frame);
            document.body.insertAdjacentHTML('beforeend', '<script>window.markupScript = true<\\/script>');
            const data = document.createElement('script');
            data.src = 'data:text/javascript,window.dataScript=true';
            document.body.append(data);
            const blob = document.createElement('script');
            blob.src = URL.createObjectURL(new Blob(['window.blobScript = true'], { type: 'text/javascript' }));
            document.body.append(blob);
            const link = document.createElement('a');
            link.href = 'javascript:window.javascriptURL = true';
            document.body.append(link);
            link.click();
            document.getElementById('ownButton').click();
            await new Promise((done) => setTimeout(done, 800));
            return [window.own === true, window.srcdocScript === true, window.srcdocHandler === true, window.markupScript === true,
                    window.dataScript === true, window.blobScript === true, window.javascriptURL === true];
            """
        gtkTest {
            let refused = try await Self.outcome(of: attempt, on: site, as: [Bool].self)
            XCTAssertEqual(refused, [true, false, false, false, false, false, false])
            try optedIn.allow(["'strict-dynamic'"], for: "script-src")
            let strictDynamic = try await Self.outcome(of: attempt, on: optedIn, as: [Bool].self)
            XCTAssertEqual(strictDynamic, [true, false, false, false, true, true, false])
        }
        _ = files
    }

    /// WebAssembly compiles (`'wasm-unsafe-eval'`), a worker from a `blob:` URL runs, and
    /// `eval` stays refused unless the app opts in.
    func testWebAssemblyAndBlobWorkersRun() throws {
        let (files, scheme) = try Self.onePageSite()
        gtkTest {
            let outcome = try await Self.outcome(of: """
                let wasm;
                try { wasm = (await WebAssembly.instantiate(new Uint8Array(\(Self.answerModule)))).instance.exports.answer(); }
                catch (e) { wasm = String(e); }
                const worker = await new Promise((done) => {
                  try {
                    const w = new Worker(URL.createObjectURL(new Blob(['postMessage(6 * 7)'], { type: 'text/javascript' })));
                    w.onmessage = (e) => done(e.data);
                    w.onerror = (e) => done('worker error ' + e.message);
                    setTimeout(() => done('worker silent'), 5000);
                  } catch (e) { done(String(e)); }
                });
                let evaluated;
                try { evaluated = new Function('return 1')(); } catch (e) { evaluated = e.name; }
                return [wasm, worker, evaluated];
                """, on: scheme, as: [AnyScalar].self)
            XCTAssertEqual(outcome, [.number(42), .number(42), .string("EvalError")])
        }
        _ = files
    }

    /// The app widens the policy in one place: `connect-src` to a loopback server, and
    /// `'unsafe-eval'` for a library that insists; a malformed source is refused, changing nothing.
    func testTheAppExtendsThePolicy() throws {
        let (files, site) = try Self.onePageSite()
        var scheme = site
        gtkTest {
            let server = try LoopbackServer()
            server.page("/api", "ok")
            let reach = """
                let fetched;
                try { fetched = (await fetch('\(server.url("/api"))', { mode: 'no-cors' })).type; } catch (e) { fetched = e.name; }
                let evaluated;
                try { evaluated = new Function('return 1')(); } catch (e) { evaluated = e.name; }
                return [fetched, evaluated];
                """
            let refused = try await Self.outcome(of: reach, on: scheme, as: [AnyScalar].self)
            XCTAssertEqual(refused, [.string("TypeError"), .string("EvalError")])
            XCTAssertEqual(server.requests.count, 0, "the default policy let a request out")

            try scheme.allow([server.origin], for: "connect-src")
            try scheme.allow(["'unsafe-eval'"], for: "script-src")
            for (sources, directive) in [(["http://a; script-src *"], "connect-src"), (["'unsafe-eval"], "script-src"),
                                         ([""], "connect-src"), (["https://x"], "connect-src;")] {
                XCTAssertThrowsError(try scheme.allow(sources, for: directive), "\(sources) \(directive)")
            }
            let allowed = try await Self.outcome(of: reach, on: scheme, as: [AnyScalar].self)
            XCTAssertEqual(allowed, [.string("opaque"), .number(1)])
            XCTAssertEqual(server.requests.map(\.path), ["/api"])
            server.stop()
        }
        _ = files
    }

    /// WebKit keeps no cookies for a document of a custom scheme, secure or not (the HTML
    /// standard's "cookie-averse" documents: only network schemes, and file: by WebKit's old
    /// habit, have cookies): `document.cookie` on app:// reads "" whatever the page set, and
    /// throws nothing. The AppSecurity article says so; localStorage, kept per origin, is what works.
    func testCookiesStayEmptyOnTheAppSchemeAndLocalStorageWorks() throws {
        let (files, scheme) = try Self.onePageSite()
        gtkTest {
            let outcome = try await Self.outcome(of: """
                document.cookie = 'flavour=oat; SameSite=Strict';
                localStorage.setItem('flavour', 'oat');
                return [document.cookie, localStorage.getItem('flavour')];
                """, on: scheme, as: [String].self)
            XCTAssertEqual(outcome, ["", "oat"], "if WebKit now keeps app:// cookies, say so in the AppSecurity article")
        }
        _ = files
    }
}

/// A JSON scalar, for tables of mixed results.
enum AnyScalar: Decodable, Equatable {
    case bool(Bool), number(Double), string(String), null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else { self = .string(try container.decode(String.self)) }
    }
}
