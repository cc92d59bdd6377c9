import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// Pages and frames that try to launch desktop programs or reach `app:` pages, against the
/// navigation guard in a real web view. Two loopback servers are two origins: the page's
/// (allowed in the window) and a frame's (not). Attacks run from the pages' own scripts,
/// since script evaluated by the app counts as a user gesture; gestures come from real X
/// input (`clickIntoPage`).
final class FrameAttackTests: GTKTestCase {
    @MainActor
    private final class Fixture {
        let page = try! LoopbackServer()
        let frame = try! LoopbackServer()
        let opener = RecordingOpener()
        let host: TestWindow
        let guardian: NavigationGuard
        /// The app's pages, served as the app serves them (display-isolated, secure).
        let appFiles = TestDirectory()

        init() {
            var settings = WebViewSettings()
            settings.javaScriptCanOpenWindowsAutomatically = true
            let context = WebContext.ephemeral()
            for name in ["index", "opened", "linked", "form", "scripted", "from-frame"] {
                appFiles.write("\(name).html", "<title>app \(name)</title>")
            }
            context.register(try! AppScheme(directory: appFiles.url.path))
            host = TestWindow(view: WebView(settings: settings, context: context))
            var policy = NavigationPolicy(allowing: [.origin(Origin(scheme: "app", host: "localhost"))])
            policy.allow(uri: page.url("/"))
            guardian = NavigationGuard(view: host.view, policy: policy, opener: opener)
        }

        /// A page whose iframe of the other origin covers the top left corner and runs `attack`;
        /// the page's `window.clicked` turns true when the frame says the user clicked it.
        func framing(_ attack: String) async throws {
            frame.page("/attack.html", """
                <style>html, body { height: 100%; margin: 0; }</style>
                <form id="form" action="\(frame.url("/out/form"))"><input name="q" value="1"></form>
                <a id="link" href="\(frame.url("/out/link"))">link</a>
                <script>
                  const step = (actions, done) => {
                    if (actions.length === 0) { parent.postMessage(done, '*'); return; }
                    try { actions[0](); } catch (_) {}
                    setTimeout(() => step(actions.slice(1), done), 150);
                  };
                  \(attack)
                </script>
                """)
            page.page("/start.html", """
                <title>start</title>
                <script>addEventListener('message', (event) => { window[event.data] = true; });</script>
                <iframe src="\(frame.url("/attack.html"))"
                  style="position: fixed; left: 0; top: 0; width: 300px; height: 300px; border: 0"></iframe>
                """)
            host.view.load(uri: page.url("/start.html"))
            try await host.waitForLoad()
        }

        func waitFor(_ flag: String) async throws {
            var seen = false
            try await waitUntil("the page's \(flag)") {
                Task { seen = try await self.host.view.evaluateJavaScript("window.\(flag) === true") == .bool(true) }
                return seen
            }
        }

        /// Once the frame says it has attacked: nothing opened outside, the page still shown.
        func assertTheAttackChangedNothing(_ message: String, file: StaticString = #filePath, line: UInt = #line) async throws {
            try await waitFor("attacked")
            try await settle()
            XCTAssertEqual(opener.opened, [], message, file: file, line: line)
            XCTAssertEqual(host.view.uri, page.url("/start.html"), file: file, line: line)
            close()
        }

        func close() {
            host.close()
            page.stop()
            frame.stop()
        }
    }

    func testScriptsInACrossOriginFrameCannotHandAnythingToTheDesktop() {
        gtkTest {
            let fixture = Fixture()
            try await fixture.framing("""
                addEventListener('load', () => step([
                  () => document.getElementById('form').submit(),
                  () => document.getElementById('link').click(),
                  () => { location.href = 'mailto:frame@example.com'; },
                  () => { top.location = '\(fixture.frame.url("/out/top"))'; },
                ], 'attacked'));
                """)
            try await fixture.assertTheAttackChangedNothing("a frame's script launched a desktop program")
        }
    }

    func testARealClickInACrossOriginFrameCannotHandAnythingToTheDesktop() {
        gtkTest {
            let fixture = Fixture()
            try await fixture.framing("""
                addEventListener('mousedown', () => {
                  parent.postMessage('clicked', '*');
                  location.href = 'mailto:clicked@example.com';
                  step([
                    () => document.getElementById('link').click(),
                    () => { top.location = '\(fixture.frame.url("/out/top"))'; },
                  ], 'attacked');
                });
                """)
            try await clickIntoPage(of: fixture.host)
            try await fixture.assertTheAttackChangedNothing("a frame of another origin launched a desktop program")
        }
    }

    func testThePageItselfNeedsAGestureToHandOff() {
        gtkTest {
            let fixture = Fixture()
            fixture.page.page("/start.html", """
                <title>start</title>
                <style>a { position: fixed; left: 0; top: 0; width: 300px; height: 300px; display: block; }</style>
                <a id="mail" href="mailto:clicked@example.com">mail</a>
                <script>
                  addEventListener('mousedown', () => { window.clicked = true; });
                  addEventListener('load', () => setTimeout(() => {
                    location.href = 'mailto:unasked@example.com';
                    setTimeout(() => { location.href = '\(fixture.frame.url("/unasked"))'; }, 150);
                    setTimeout(() => { window.attacked = true; }, 300);
                  }, 50));
                </script>
                """)
            fixture.host.view.load(uri: fixture.page.url("/start.html"))
            try await fixture.host.waitForLoad()
            try await fixture.waitFor("attacked")
            try await settle()
            XCTAssertEqual(fixture.opener.opened, [], "the page's script left the app without a gesture")
            try await clickIntoPage(of: fixture.host)
            try await waitUntil("the clicked link opened") { fixture.opener.opened == ["mailto:clicked@example.com"] }
            fixture.close()
        }
    }

    func testWebPagesAndTheirFramesNeverBringAppOrFilePagesIntoTheWindow() {
        gtkTest {
            let fixture = Fixture()
            fixture.page.route("/to-app") { _ in
                LoopbackServer.Response(status: 302, body: "", headers: ["Location": "app://localhost/index.html"])
            }
            try await fixture.framing("""
                addEventListener('mousedown', () => {
                  parent.postMessage('clicked', '*');
                  window.open('app://localhost/from-frame.html');
                  step([() => window.open('file:///etc/hostname')], 'attacked');
                });
                """)
            try await clickIntoPage(of: fixture.host)
            try await fixture.waitFor("attacked")
            try await settle()
            XCTAssertEqual(fixture.host.view.uri, fixture.page.url("/start.html"), "a frame brought an app: or file: page in")
            // The trusted page itself, by every route.
            _ = try await fixture.host.view.evaluateJavaScript("""
                window.open('app://localhost/opened.html');
                window.open('file:///etc/hostname');
                const link = document.createElement('a');
                link.href = 'app://localhost/linked.html'; link.target = '_blank'; document.body.append(link); link.click();
                const form = document.createElement('form');
                form.action = 'app://localhost/form.html'; document.body.append(form); form.submit();
                setTimeout(() => { location.href = 'app://localhost/scripted.html'; }, 100);
                setTimeout(() => { location.href = '/to-app'; }, 200);
                undefined
                """)
            try await settle(milliseconds: 800)
            let uri = try XCTUnwrap(fixture.host.view.uri)
            XCTAssertTrue(uri.hasPrefix(fixture.page.origin + "/"), "a web page reached \(uri)")
            XCTAssertEqual(fixture.opener.opened, [])
            fixture.close()
        }
    }
}
