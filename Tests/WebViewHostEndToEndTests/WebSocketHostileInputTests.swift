import Foundation
import TestHelpers
import XCTest

/// The real `webview-host` given hostile `ws.*` input by its own page: every call is
/// refused with `invalid-payload`, the connection works on, and nothing reaches libsoup
/// that makes it complain on stderr (CRITICAL or WARNING).
final class WebSocketHostileInputTests: XCTestCase {
    func testHostileWebSocketInputIsRefusedWithoutALibsoupComplaint() throws {
        let server = try FeedServerProcess()
        defer { server.stop() }
        let host = try HostLauncher(executable: HostLauncher.builtExecutable(for: Self.self))
        let marker = UUID().uuidString.prefix(8)
        host.site.write("index.html", #"<!DOCTYPE html><title>loading</title><script src="hostile.js"></script>"#)
        host.site.write("hostile.js", """
            const url = \(String(reflecting: server.url()));
            const connects = [
              { url, headers: { 'X-A\\r\\nInjected': '1' } },
              { url, headers: { 'X-A': '1\\r\\nInjected: 2' } },
              { url, headers: { '': 'x' } },
              { url, headers: { 'Bad Name': 'x' } },
              { url, protocols: ['feed.v1\\r\\nX-Injected: 1'] },
            ];
            const closes = [{ code: 1005 }, { code: 1006 }, { code: 999 }, { code: 5000 }, { code: 1015 },
                            { code: 1011 }, { reason: 'x'.repeat(124) }, { reason: 'é'.repeat(62) }];
            async function refused(name, payload) {
              try { await window.bridge.invoke(name, payload); return false; }
              catch (e) { return e.code === 'invalid-payload'; }
            }
            async function run() {
              let refusedCount = 0;
              for (const payload of connects) if (await refused('ws.connect', payload)) refusedCount += 1;
              const { id } = await window.bridge.invoke('ws.connect', { url });
              for (const fields of closes) if (await refused('ws.close', Object.assign({ id }, fields))) refusedCount += 1;
              const echoed = new Promise((resolve) => window.bridge.on('ws.message', (event) => {
                if (event.id === id && JSON.parse(event.data).n === 42) resolve();
              }));
              await window.bridge.invoke('ws.send', { id, json: { type: 'echo', n: 42 } });
              await echoed;
              await window.bridge.invoke('ws.close', { id, code: 4000, reason: 'done' });
              document.title = '\(marker) refused ' + refusedCount + ' of ' + (connects.length + closes.length) + ', echoed';
            }
            run().catch((e) => { document.title = '\(marker) failed: ' + e.message; });
            """)
        let app = try host.launch()
        let window = try XCTUnwrap(poll(timeout: 30) { try? X11Windows.matching("^\(marker) ").first },
                                   "the page did not finish: \(app.printed)")
        let title = try X11Windows.title(of: window)
        XCTAssertEqual(title, "\(marker) refused 13 of 13, echoed", app.printed)
        try X11Windows.press("ctrl+q", in: window)
        XCTAssertEqual(app.waitForExit(), 0, app.printed)
        let complaints = app.lines.filter { $0.contains("CRITICAL") || $0.contains("WARNING") }
        XCTAssertEqual(complaints, [], "the app complained on stderr")
    }
}
