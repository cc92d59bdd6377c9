import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// Records what would have opened outside the app.
@MainActor
final class RecordingOpener: ExternalURIOpener {
    private(set) var opened: [String] = []
    func open(_ uri: String) throws { opened.append(uri) }
}

/// The navigation guard in a real web view, with two loopback origins: the app's (allowed)
/// and another one.
final class NavigationGuardTests: GTKTestCase {
    @MainActor
    private final class Fixture {
        let app: LoopbackServer
        let other: LoopbackServer
        let opener = RecordingOpener()
        let host: TestWindow
        let guardian: NavigationGuard
        private(set) var events: [NavigationEvent] = []
        private var observation: Observation?

        init() throws {
            app = try LoopbackServer()
            other = try LoopbackServer()
            var settings = WebViewSettings()
            // Let script open windows freely: the guard, not WebKit's popup blocker, must stop them.
            settings.javaScriptCanOpenWindowsAutomatically = true
            host = TestWindow(view: WebView(settings: settings, context: .ephemeral()))
            var policy = NavigationPolicy(allowing: [.origin(Origin(scheme: "app", host: "localhost"))])
            policy.allow(uri: app.url("/start.html"))
            guardian = NavigationGuard(view: host.view, policy: policy, opener: opener)
            observation = guardian.observe { [weak self] in self?.events.append($0) }
            let otherPage = other.url("/page.html")
            app.page("/start.html", """
                <title>start</title>
                <a id="external" href="\(otherPage)">other</a>
                <a id="blank" target="_blank" href="\(other.url("/blank.html"))">blank</a>
                <a id="same" href="/next.html">next</a>
                <a id="sameBlank" target="_blank" href="/popup.html">popup</a>
                <a id="mail" href="mailto:someone@example.com?subject=hi">mail</a>
                <a id="phone" href="tel:+15551234567">call</a>
                <a id="file" href="file:///etc/hostname">file</a>
                <form id="form" action="\(other.url("/form"))" method="get"><input name="q" value="1"></form>
                """)
            app.page("/next.html", "<title>next</title>")
            app.page("/popup.html", "<title>popup</title>")
            app.page("/framed.html", "<title>framed</title><iframe id=f src=\"\(other.url("/frame.html"))\"></iframe>")
            app.route("/redirect") { _ in
                LoopbackServer.Response(status: 302, body: "", headers: ["Location": otherPage])
            }
            other.page("/frame.html", "<title>frame</title>")
        }

        func start(_ path: String = "/start.html") async throws {
            host.view.load(uri: app.url(path))
            try await host.waitForLoad()
        }

        func run(_ script: String) async throws {
            _ = try await host.view.evaluateJavaScript(script + "; undefined")
        }

        /// Clicks the element with real X input, as a user would: `mailto:` and `tel:` carry no
        /// `Referer`, so only the frame of the user's last click says who asked.
        func click(_ id: String) async throws {
            try await run("""
                window.clicked = false;
                addEventListener('mousedown', () => { window.clicked = true; }, { once: true });
                document.getElementById('\(id)').style.cssText =
                  'position: fixed; left: 0; top: 0; width: 300px; height: 300px; display: block; z-index: 1'
                """)
            try await clickIntoPage(of: host)
            try await run("document.getElementById('\(id)').style.cssText = 'display: none'")
        }

        /// Runs `script` a moment after a real click on a button of its own (WebKit hands the
        /// click's gesture on to a short timer): a new window needs the user's gesture, a press in
        /// the view (script the test runs has none of its own). The moment lets `click` see the
        /// press before the script navigates away.
        func runInClick(_ script: String) async throws {
            try await run("""
                {
                  const act = document.getElementById('act') || document.body.appendChild(document.createElement('button'));
                  act.id = 'act';
                  act.onclick = () => { setTimeout(() => { \(script) }, 200); };
                }
                """)
            try await click("act")
        }

        func waitForOpened(_ uri: String) async throws {
            try await waitUntil("\(uri) opened") { self.opener.opened.contains(uri) }
        }

        func close() {
            host.close()
            app.stop()
            other.stop()
        }
    }

    /// Runs `body` as a GTK test with a fixture showing the app's page at `path` (none when
    /// nil), and closes the fixture afterwards.
    private func guardTest(starting path: String? = "/start.html", _ body: @escaping @MainActor (Fixture) async throws -> Void) {
        gtkTest {
            let fixture = try Fixture()
            defer { fixture.close() }
            if let path { try await fixture.start(path) }
            try await body(fixture)
        }
    }

    /// A new window for the other origin's `path`, opened by the start page with the script
    /// `script` makes of its URI, goes to the opener and never loads: the view stays on the
    /// start page, the other origin is not even asked.
    private func expectNewWindowGoesToOpener(path: String, _ script: @escaping @Sendable (_ uri: String) -> String) {
        guardTest { fixture in
            let uri = fixture.other.url(path)
            try await fixture.runInClick(script(uri))
            try await fixture.waitForOpened(uri)
            try await settle()
            XCTAssertEqual(fixture.host.view.uri, fixture.app.url("/start.html"))
            XCTAssertEqual(fixture.other.requestedPaths, [])
        }
    }

    func testExternalLinkGoesToOpenerAndDoesNotLoad() {
        guardTest { fixture in
            try await fixture.run("document.getElementById('external').click()")
            try await fixture.waitForOpened(fixture.other.url("/page.html"))
            try await settle()
            XCTAssertEqual(fixture.host.view.uri, fixture.app.url("/start.html"))
            XCTAssertEqual(fixture.host.view.title, "start")
            XCTAssertEqual(fixture.other.requestedPaths, [], "the other origin must not even be asked")
            XCTAssertEqual(fixture.events, [.openedExternally(fixture.other.url("/page.html"))])
        }
    }

    func testWindowOpenToOtherOriginGoesToOpener() {
        expectNewWindowGoesToOpener(path: "/opened.html") { "window.open('\($0)')" }
    }

    func testTargetBlankToOtherOriginGoesToOpener() {
        expectNewWindowGoesToOpener(path: "/blank.html") { _ in "document.getElementById('blank').click()" }
    }

    /// Clicking the start page's `link` to the app's own page `name` (`/name.html`, titled
    /// `name`) loads it in the view and opens nothing outside the app; then `check` looks on.
    private func expectSameOriginLoadsInTheView(clicking link: String, page name: String,
                                                then check: @escaping @MainActor (Fixture) -> Void = { _ in }) {
        guardTest { fixture in
            try await fixture.runInClick("document.getElementById('\(link)').click()")
            try await waitUntil("\(name) loaded in the view") { fixture.host.view.title == name }
            XCTAssertEqual(fixture.host.view.uri, fixture.app.url("/\(name).html"))
            XCTAssertEqual(fixture.opener.opened, [])
            check(fixture)
        }
    }

    func testSameOriginNewWindowLoadsInTheView() {
        expectSameOriginLoadsInTheView(clicking: "sameBlank", page: "popup")
    }

    /// Hostile: one click whose handler asks for twenty windows of another origin opens one in
    /// the system browser; the rest are refused, each reported. A second click opens one more.
    func testOneGestureOpensOneWindow() {
        guardTest { fixture in
            let uris = (0..<20).map { fixture.other.url("/opened.html?\($0)") }
            let script = "for (let i = 0; i < 20; i++) window.open('\(fixture.other.url("/opened.html?"))' + i)"
            try await fixture.runInClick(script)
            try await fixture.waitForOpened(uris[0])
            try await settle(milliseconds: 1000)
            XCTAssertEqual(fixture.opener.opened, [uris[0]], "one click opened \(fixture.opener.opened.count) windows")
            XCTAssertEqual(fixture.events.filter { if case .refusedExtraWindow = $0 { true } else { false } },
                           uris.dropFirst().map { .refusedExtraWindow($0) })
            try await fixture.click("act")
            try await fixture.waitForOpened(uris[0])
            try await waitUntil("the second click opened one more") { fixture.opener.opened.count == 2 }
            try await settle(milliseconds: 500)
            XCTAssertEqual(fixture.opener.opened, [uris[0], uris[0]])
        }
    }

    func testMailtoAndTelGoToOpener() {
        guardTest { fixture in
            try await fixture.click("mail")
            try await fixture.waitForOpened("mailto:someone@example.com?subject=hi")
            try await fixture.click("phone")
            try await fixture.waitForOpened("tel:+15551234567")
            XCTAssertEqual(fixture.host.view.uri, fixture.app.url("/start.html"))
        }
    }

    func testFileLinkFromWebPageIsRefused() {
        guardTest { fixture in
            try await fixture.run("document.getElementById('file').click()")
            try await fixture.run("location.href = 'file:///etc/hostname'")
            try await settle()
            XCTAssertEqual(fixture.host.view.uri, fixture.app.url("/start.html"))
            XCTAssertEqual(fixture.host.view.title, "start")
            XCTAssertEqual(fixture.opener.opened, [])
        }
    }

    func testSameOriginLinkLoads() {
        expectSameOriginLoadsInTheView(clicking: "same", page: "next") { fixture in
            XCTAssertEqual(fixture.events, [])
        }
    }

    func testScriptNavigationFormAndRedirectToOtherOriginGoToOpener() {
        guardTest { fixture in
            try await fixture.run("location.href = '\(fixture.other.url("/scripted.html"))'")
            try await fixture.waitForOpened(fixture.other.url("/scripted.html"))
            try await fixture.run("document.getElementById('form').submit()")
            try await fixture.waitForOpened(fixture.other.url("/form?q=1"))
            try await fixture.run("location.href = '/redirect'")
            try await fixture.waitForOpened(fixture.other.url("/page.html"))
            try await settle()
            XCTAssertEqual(fixture.host.view.title, "start")
            XCTAssertNotEqual(fixture.host.view.uri, fixture.other.url("/page.html"))
        }
    }

    func testAppCanStillShowHTMLAndItsAllowedPages() {
        guardTest(starting: nil) { fixture in
            fixture.host.view.load(html: "<title>inline</title>")
            try await fixture.host.waitForLoad()
            // The title notification may come just after the load finishes.
            try await waitUntil("inline title") { fixture.host.view.title == "inline" }
            try await fixture.start()
            try await waitUntil("start title") { fixture.host.view.title == "start" }
            fixture.host.view.load(uri: fixture.other.url("/page.html"))
            // Nobody asked with a gesture: the app's own load of another origin does not load
            // here, and does not launch the browser either.
            try await waitUntil("the load refused") {
                fixture.events.contains(.refusedFromFrame(fixture.other.url("/page.html"), reason: .noUserGesture))
            }
            XCTAssertEqual(fixture.host.view.title, "start")
            XCTAssertEqual(fixture.opener.opened, [])
        }
    }

    func testIframeOfOtherOriginLoadsWithoutReplacingThePage() {
        guardTest(starting: "/framed.html") { fixture in
            try await waitUntil("frame requested") { fixture.other.requestedPaths.contains("/frame.html") }
            try await settle()
            XCTAssertEqual(fixture.host.view.uri, fixture.app.url("/framed.html"))
            XCTAssertEqual(fixture.opener.opened, [])
        }
    }
}
