import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import WebKitGTK
import XCTest

/// The binary channel's transport through the web process extension: the page's client
/// takes the extension's function before any page script runs, frames never get it, and a
/// page that got hold of it anyway still needs the bridge's secret and meets its limits.
/// Leaving the page or losing the web process mid-answer loses the app nothing.
final class WebProcessTransportTests: GTKTestCase {
    static let function = "__webViewHostBinary"

    /// Calls the extension's function as `fn` and reports `[status, code]` or the rejection.
    static let callRaw = """
        const callRaw = (fn, uri, body) => new Promise((resolve) => {
          try {
            fn(uri, body, (status, type, bytes) => {
              const text = new TextDecoder().decode(bytes);
              resolve([status, type, text.startsWith('{') ? JSON.parse(text).code : bytes.byteLength]);
            }, (message) => resolve(['rejected', typeof message === 'string' && message.length > 0]));
          } catch (e) { resolve(['threw', e.name]); }
        });
        """

    func testTheClientTakesTheFunctionBeforeAnyPageScriptAndUsesIt() {
        gtkTest { @MainActor in
            // A view without a bridge shows the extension is loaded: its pages have the function.
            let bare = TestWindow()
            defer { bare.close() }
            try await bare.loadHTML("<!doctype html><p>bare")
            let bareSees = try await bare.view.evaluateJavaScriptJSON(
                "Object.getOwnPropertyDescriptor(window, '\(Self.function)') ? typeof window.\(Self.function) : 'none'")
            XCTAssertEqual(bareSees, "\"function\"")

            // The client of every content world (the isolated relay's too) lives in the page's.
            for world in [BridgeContentWorld.capability, .page, .isolated] {
                let page = BridgePageFixture(configuration: BridgeConfiguration(contentWorld: world))
                defer { page.close() }
                page.bridge.add(BinaryHandler("echo") { $0 })
                try await page.load(body: """
                    <script>window.seenByThePage = Object.getOwnPropertyNames(window).includes('\(Self.function)');</script>
                    """)
                // With fetch broken by the page, the call still goes: it does not take the scheme.
                let outcome = try await page.run("""
                    window.fetch = () => Promise.reject(new Error('fetch was used'));
                    const bytes = new Uint8Array(3 << 20).map((_, i) => i & 255);
                    const echoed = new Uint8Array(await window.bridge.invokeBinary('echo', bytes));
                    return [window.seenByThePage, typeof window.\(Self.function),
                            echoed.length === bytes.length && echoed.every((b, i) => b === bytes[i])];
                    """)
                XCTAssertEqual(outcome, [false, "undefined", true], "\(world)")
            }
        }
    }

    func testFramesOfEitherOriginGetNoFunction() {
        gtkTest { @MainActor in
            let trusted = try LoopbackServer()
            let other = try LoopbackServer()
            defer { trusted.stop(); other.stop() }
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .origins(trusted.origin)))
            defer { page.close() }
            let probe = """
                <!doctype html><script>
                const report = { own: typeof window.\(Self.function) };
                try { report.parent = typeof parent.\(Self.function); } catch (e) { report.parent = e.name; }
                parent.postMessage(JSON.stringify([location.origin, report]), '*');
                </script>
                """
            trusted.page("/frame", probe)
            other.page("/frame", probe)
            trusted.page("/", """
                <!doctype html><script>
                window.reports = {};
                window.addEventListener('message', (e) => { const [origin, report] = JSON.parse(e.data); reports[origin] = report; });
                </script><iframe src="/frame"></iframe><iframe src="\(other.url("/frame"))"></iframe>
                """)
            page.bridge.load(uri: trusted.url("/"))
            try await page.window.waitForLoad()
            let reports = try await page.run("""
                while (Object.keys(window.reports).length < 2) await new Promise((r) => setTimeout(r, 10));
                return window.reports;
                """)
            XCTAssertEqual(reports, .object([
                trusted.origin: ["own": "undefined", "parent": "undefined"],
                other.origin: ["own": "undefined", "parent": "SecurityError"],
            ]))
        }
    }

    /// A script that ran before the client (the test's own, in the app's place) keeps the
    /// function: without the bridge's secret it is refused, with it the size limit holds,
    /// and calls of the wrong shape throw.
    func testAFunctionTakenBeforeTheClientStillNeedsTheSecretAndMeetsTheLimit() {
        gtkTest { @MainActor in
            let page = BridgePageFixture(configuration: BridgeConfiguration(maxPayloadBytes: 1000)) { view in
                view.userContent.add(UserScript(source: "window.stolen = window.\(Self.function);",
                                                injectionTime: .documentStart, frames: .mainFrameOnly))
            }
            defer { page.close() }
            page.bridge.add(BinaryHandler("echo") { $0 })
            try await page.load()
            let outcome = try await page.run(Self.callRaw + """
                const base = 'webviewhost-bridge://';
                return [
                  await callRaw(window.stolen, base + '0123456789abcdef0123456789abcdef/binary/echo', new Uint8Array(5)),
                  await callRaw(window.stolen, base + '\(page.bridge.secret)/binary/echo', new Uint8Array(5000)),
                  await callRaw(window.stolen, base + '\(page.bridge.secret)/binary/echo', new Uint8Array(5)),
                  await callRaw(window.stolen, base + '\(page.bridge.secret)/binary/echo', 'not bytes'),
                  await callRaw(window.stolen, 42, null),
                ];
                """)
            XCTAssertEqual(outcome, [
                [403, "application/json", "forbidden"], [413, "application/json", "payload-too-large"],
                [200, "application/octet-stream", 5], ["threw", "TypeError"], ["threw", "TypeError"],
            ])
        }
    }

    /// Every call's memfd and socket are closed again: 300 calls, answered, failed and large,
    /// leave the app with the descriptors it had.
    func testCallsLeaveNoDescriptorsOpen() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            page.bridge.add(BinaryHandler("echo") { $0 })
            page.bridge.add(BinaryHandler("fail") { _ in throw BridgeError(.handlerFailed, "no") })
            try await page.load()
            let warmUp = try await page.run("return (await window.bridge.invokeBinary('echo', new Uint8Array(1))).byteLength;")
            XCTAssertEqual(warmUp, 1)
            let before = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
            let outcome = try await page.run("""
                let total = 0;
                for (let i = 0; i < 100; i++) {
                  total += (await window.bridge.invokeBinary('echo', new Uint8Array(i * 1000))).byteLength;
                  total += (await window.bridge.invokeBinary('echo', new Uint8Array(i === 0 ? 3 << 20 : 10))).byteLength;
                  try { await window.bridge.invokeBinary('fail', null); } catch (e) { total += e.code === 'handler-failed' ? 1 : 0; }
                }
                return total;
                """)
            let expected: Int = 4_950_000 + (3 << 20) + 99 * 10 + 100
            XCTAssertEqual(outcome, .number(Double(expected)))
            try await Task.sleep(for: .milliseconds(200))
            let after = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
            XCTAssertLessThanOrEqual(after, before + 2, "descriptors before: \(before), after: \(after)")
        }
    }

    /// A second window showing another origin, whose page holds the function and even the
    /// first window's secret, reaches only its own view: the first window's handler never runs.
    func testASecondWindowOfAnotherOriginCannotReachTheFirstWindowsHandlers() {
        gtkTest { @MainActor in
            let other = try LoopbackServer()
            defer { other.stop() }
            let first = BridgePageFixture()
            defer { first.close() }
            var reached = 0
            first.bridge.add(BinaryHandler("echo") { data in reached += 1; return data })
            try await first.load()
            let second = BridgePageFixture(configuration: BridgeConfiguration(callers: .origins(other.origin))) { view in
                view.userContent.add(UserScript(source: "window.stolen = window.\(Self.function);",
                                                injectionTime: .documentStart, frames: .mainFrameOnly))
            }
            defer { second.close() }
            other.page("/", "<!doctype html><p>other")
            second.bridge.load(uri: other.url("/"))
            try await second.window.waitForLoad()
            let outcome = try await second.run(Self.callRaw + """
                return await callRaw(window.stolen, 'webviewhost-bridge://\(first.bridge.secret)/binary/echo', new Uint8Array(5));
                """)
            XCTAssertEqual(outcome, [403, "application/json", "forbidden"])
            XCTAssertEqual(reached, 0)
            let own = try await first.run("return (await window.bridge.invokeBinary('echo', new Uint8Array(5))).byteLength;")
            XCTAssertEqual(own, 5)
            XCTAssertEqual(reached, 1)
        }
    }

    func testAViewWithoutABridgeRejectsTheCallAtOnce() {
        gtkTest { @MainActor in
            let window = TestWindow()
            defer { window.close() }
            try await window.loadHTML("<!doctype html><p>no bridge")
            let outcome = try await window.view.callAsyncJavaScriptJSON(Self.callRaw + """
                return await callRaw(window.\(Self.function), 'webviewhost-bridge://x/binary/echo', new Uint8Array(5));
                """)
            XCTAssertEqual(outcome, #"["rejected",true]"#)
        }
    }

    /// The page leaves, then its web process dies, while 64 MB are on their way: the
    /// writer gives up without taking the app down, and the next page calls as before.
    func testLeavingOrLosingThePageMidAnswerLosesTheAppNothing() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            let big = Data(repeating: 1, count: 64 << 20)
            page.bridge.add(BinaryHandler("big") { _ in big })
            page.bridge.add(BinaryHandler("echo") { $0 })
            for leave in ["reload", "terminate"] {
                try await page.load()
                _ = try await page.run("window.bridge.invokeBinary('big', null).catch(() => {}); return null;")
                if leave == "reload" {
                    try await page.load(body: "<p>next")
                } else {
                    // The view puts its error page up first; the next page comes after it.
                    var terminated = false
                    let observation = page.window.view.observe { if case .webProcessTerminated = $0 { terminated = true } }
                    page.window.view.terminateWebProcess()
                    try await waitUntil("error page shown") { terminated && page.window.view.title == "This page stopped working" }
                    observation.cancel()
                    try await page.load(body: "<p>after")
                }
                let echoed = try await page.run("return (await window.bridge.invokeBinary('echo', new Uint8Array(7))).byteLength;")
                XCTAssertEqual(echoed, 7, leave)
            }
        }
    }
}
