import Foundation
import TestHelpers
import WebKitGTK
import WebAppWindow
import WebViewHostApp
import XCTest

/// The app's window with a trusted page (one loopback origin) embedding a frame of another
/// (a second loopback server) that tries to close the window or bring an app page in,
/// without and then with a real click (X input through xdotool).
final class FrameContainmentTests: GTKTestCase {
    func testACrossOriginFrameCannotCloseTheWindowOrOpenAppPages() {
        gtkTest {
            let page = try LoopbackServer(), frame = try LoopbackServer()
            frame.page("/frame.html", """
                <style>html, body { height: 100%; margin: 0; }</style>
                <script>
                  const handlers = (window.webkit && window.webkit.messageHandlers) || {};
                  for (const name of ['webviewhostClose', 'webviewhost.closeWindow']) {
                    try { handlers[name].postMessage(null); } catch (_) {}
                  }
                  window.close();
                  try { top.close(); } catch (_) {}
                  addEventListener('mousedown', () => {
                    try { top.close(); } catch (_) {}
                    window.open('app://localhost/index.html');
                    parent.postMessage('clicked', '*');
                  });
                  parent.postMessage('tried', '*');
                </script>
                """)
            page.page("/page.html", """
                <title>page</title>
                <script>addEventListener('message', (event) => { window[event.data] = true; });</script>
                <iframe src="\(frame.url("/frame.html"))"
                  style="position: fixed; left: 0; top: 0; width: 100%; height: 100%; border: 0"></iframe>
                """)
            let controller = makeWindow(width: 640, height: 480)
            var closed = false
            let closing = controller.onClosed { closed = true }
            controller.show()
            controller.load(uri: page.url("/page.html"))
            try await waitForFlag("tried", in: controller) { closed }
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertFalse(closed, "a frame of another origin closed the window")

            let clicked = try await Task.detached {
                try ChildProcess("/usr/bin/xdotool", ["mousemove", "--sync", "200", "250", "click", "1"]).wait().status
            }.value
            XCTAssertEqual(clicked, 0, "xdotool failed")
            try await waitForFlag("clicked", in: controller) { closed }
            try await Task.sleep(nanoseconds: 400_000_000)
            XCTAssertFalse(closed, "a frame of another origin closed the window after a click")
            XCTAssertEqual(controller.webView.uri, page.url("/page.html"), "a frame brought an app page into the window")

            _ = try await controller.webView.evaluateJavaScript("setTimeout(() => window.close(), 0); undefined")
            try await waitUntil("the trusted page's window.close() closed the window") { closed }
            closing.cancel()
            page.stop()
            frame.stop()
        }
    }
}

/// Waits until the page's `window[flag]` is true, or the window is gone.
@MainActor
private func waitForFlag(_ flag: String, in controller: AppWindow,
                         orUntil isClosed: @escaping @MainActor () -> Bool) async throws {
    var seen = false
    try await waitUntil("the page's \(flag)") {
        Task { seen = try await controller.webView.evaluateJavaScript("window.\(flag) === true") == .bool(true) }
        return seen || isClosed()
    }
}
