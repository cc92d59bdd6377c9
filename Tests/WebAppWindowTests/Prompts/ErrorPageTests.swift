import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// The error page reads well: a sentence naming the server first, WebKit's detail second,
/// no word broken at a line end, and a dark variant.
final class ErrorPageTests: GTKTestCase {
    func testARefusedConnectionIsToldAsASentenceNamingHostAndPortThenTheDetail() {
        gtkTest {
            let server = try LoopbackServer()
            let port = server.port
            server.stop()    // nothing listens there any more: the connection is refused
            let host = TestWindow()
            var failures: [LoadError] = []
            let observation = host.view.observe { if case .loadFailed(let error) = $0 { failures.append(error) } }
            defer { observation.cancel() }
            host.view.load(uri: "http://127.0.0.1:\(port)/page")
            try await waitUntil("error page") { host.view.title == "Cannot reach this page" }
            let texts = try await host.view.evaluateJavaScript(
                "[...document.body.children].map(e => e.id + '=' + e.textContent).join('\\n')", as: String.self)
            let lines = texts.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.first, "error-title=Cannot reach this page")
            XCTAssertEqual(lines.dropFirst().first, "error-message=The server at 127.0.0.1:\(port) refused the connection.")
            let detail = try XCTUnwrap(failures.first).detail
            XCTAssertEqual(lines.dropFirst(2).first, "error-detail=\(detail)")
            XCTAssertTrue(detail.contains("g-io-error-quark"), detail)
            XCTAssertEqual(lines.last, "retry=Retry")
            host.close()
        }
    }

    func testLongAddressesWrapBetweenTheirPartsAndNoWordIsBrokenInANarrowWindow() {
        let shots = TestDirectory()
        gtkTest {
            let view = WebView()
            let window = Window(title: "narrow error page", width: 300, height: 600)
            window.setChild(view.widget)
            window.showAll()
            let uri = "https://a-rather-long-subdomain.of-an-organisation-with-long-names.example.invalid:8443/reports/quarterly/summary.html?year=2026"
            let error = LoadError(kind: .network, uri: uri, underlying: GLibError(
                domain: "g-resolver-error-quark", code: 0,
                message: "Error resolving “a-rather-long-subdomain.of-an-organisation-with-long-names.example.invalid”: Name or service not known"))
            let page = try XCTUnwrap(view.errorPage?(.load(error)))
            try await view.waitForLoad("page shown") { view.load(html: page) }
            // Each place where a new line starts must follow a space or an address separator.
            let found = try await view.evaluateJavaScript("""
                (() => {
                  const breaks = [], lines = [];
                  for (const id of ['error-title', 'error-message', 'error-detail']) {
                    const walker = document.createTreeWalker(document.getElementById(id), NodeFilter.SHOW_TEXT);
                    let previous = null, top = null, count = 1;
                    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                      for (let i = 0; i < node.data.length; i++) {
                        const range = document.createRange();
                        range.setStart(node, i); range.setEnd(node, i + 1);
                        // The last box: a range at a line's start also boxes the end of the line before.
                        const boxes = range.getClientRects(), rect = boxes[boxes.length - 1];
                        if (!rect || rect.width === 0) { if (/\\s/.test(node.data[i])) previous = node.data[i]; continue; }
                        if (top !== null && rect.top > top + 2) {
                          count++;
                          if (previous && !/[\\s\\/.?&=:\\-]/.test(previous)) breaks.push(id + ': ' + node.data.slice(Math.max(0, i - 12), i) + '|' + node.data.slice(i, i + 6));
                        }
                        top = rect.top; previous = node.data[i];
                      }
                    }
                    lines.push(count);
                  }
                  return JSON.stringify({ breaks, lines, wide: document.documentElement.scrollWidth <= innerWidth });
                })()
                """, as: String.self)
            struct Layout: Decodable { let breaks: [String]; let lines: [Int]; let wide: Bool }
            let layout = try JSONDecoder().decode(Layout.self, from: Data(found.utf8))
            try await Task.sleep(nanoseconds: 500_000_000)   // painted
            _ = try Screenshot(windowTitled: "narrow error page", into: shots.url, name: "error-page-narrow")
            XCTAssertEqual(layout.breaks, [], "words broken at a line end")
            XCTAssertGreaterThan(layout.lines[1], 2, "the sentence did not wrap: the window is not narrow enough to tell")
            XCTAssertTrue(layout.wide, "the page is wider than the window")
            let wrap = try await view.evaluateJavaScript(
                "getComputedStyle(document.getElementById('error-message')).overflowWrap", as: String.self)
            XCTAssertEqual(wrap, "break-word")
            window.close()
        }
    }

    func testTheErrorPageHasADarkVariantFollowingGTK() {
        let shots = TestDirectory()
        gtkTest {
            let before = ColorScheme.prefersDark
            defer { ColorScheme.prefersDark = before }
            let view = WebView()
            let window = Window(title: "dark error page", width: 640, height: 400)
            window.setChild(view.widget)
            window.showAll()
            let html = try XCTUnwrap(view.errorPage?(.load(LoadError(
                kind: .network, uri: "http://127.0.0.1:8080/",
                underlying: GLibError(domain: "g-io-error-quark", code: 39, message: "Could not connect to 127.0.0.1: Connection refused")))))
            for dark in [false, true] {
                ColorScheme.prefersDark = dark
                try await view.waitForLoad("page shown") { view.load(html: html) }
                let colours = try await view.evaluateJavaScript(
                    "[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color].join(' / ')", as: String.self)
                XCTAssertEqual(colours, dark ? "rgb(36, 36, 36) / rgb(255, 255, 255)" : "rgb(255, 255, 255) / rgb(36, 31, 49)")
                try await Task.sleep(nanoseconds: 500_000_000)   // painted
                let shot = try Screenshot(windowTitled: "dark error page", into: shots.url, name: dark ? "error-page-dark" : "error-page-light")
                // Low on the left edge: the page's background, below any title bar (GTK 4's window has one).
                XCTAssertEqual(try shot.colour(x: 5, y: 350), dark ? "#242424" : "#FFFFFF", shot.file.path)
            }
            window.close()
        }
    }
}
