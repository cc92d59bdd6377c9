import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// Native → page calls across page loads that commit, and loads that never do (issue 9, item 11).
final class PageLifecycleIntegrationTests: GTKTestCase {
    /// A download starts a load that never commits (as do Escape mid-load and a navigation
    /// the guard cancels): the page that was showing keeps getting events and calls at once.
    func testCallsRunAfterANavigationThatNeverCommits() {
        gtkTest(timeout: 40) { @MainActor in
            let server = try LoopbackServer()
            server.page("/", """
                <!doctype html><script>
                window.calls = []; window.heard = [];
                function record(x) { calls.push(x); return calls.length; }
                window.bridge.on('note', (n) => heard.push(n));
                </script>
                """)
            server.route("/file.bin") { _ in
                .init(contentType: "application/octet-stream", body: "data",
                      headers: ["Content-Disposition": "attachment; filename=file.bin"])
            }
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .origins(server.origin)))
            defer { page.close() }
            let recorder = LoadRecorder()
            page.bridge.delegate = recorder
            page.bridge.load(uri: server.url("/"))
            try await page.window.waitForLoad()
            recorder.loads = []
            page.bridge.load(uri: server.url("/file.bin"))
            // WebKit reports the abandoned load as finished (a cancelled one never as failed).
            try await waitUntil(timeout: 10, "the download's load ended") {
                recorder.loads.contains { if case .finished = $0 { true } else { false } }
            }
            XCTAssertEqual(recorder.loads.first, .started(uri: server.url("/file.bin")))
            XCTAssertFalse(recorder.loads.contains { if case .committed = $0 { true } else { false } })
            try page.bridge.dispatch("note", "after")
            let count = try await page.bridge.callJavaScript("record", "after")
            XCTAssertEqual(count, 1)
            let heard = try await page.run("return window.heard;")
            XCTAssertEqual(heard, ["after"])
        }
    }

    /// A call sent before the page has defined its function waits for the DOM, then returns
    /// the function's real result or error.
    func testADeferredCallReturnsItsRealResultOrError() {
        gtkTest(timeout: 40) { @MainActor in
            let server = try LoopbackServer()
            server.page("/", """
                <!doctype html><script src="/block.js"></script><script defer src="/late.js"></script><p>page</p>
                """)
            server.route("/block.js") { _ in .init(contentType: "text/javascript", body: "window.blocked = true;") }
            server.route("/late.js") { _ in
                .init(contentType: "text/javascript",
                      body: "function double(x) { return 2 * x; } function fail() { throw new Error('page says no'); }")
            }
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .origins(server.origin)))
            defer { page.close() }
            page.bridge.load(uri: server.url("/"))
            // Sent before the commit: they run at once when it comes, before the scripts have.
            async let doubled = page.bridge.callJavaScript("double", 21)
            async let failed: JSONValue? = page.bridge.callJavaScript("fail")
            let result = try await doubled
            XCTAssertEqual(result, 42)
            do {
                _ = try await failed
                XCTFail("the page's error was lost")
            } catch {
                XCTAssertTrue("\(error)".contains("page says no"), "\(error)")
            }
        }
    }

    /// WebKit injects the page client when the parser makes the document's root element, not
    /// at the commit, which comes with the first bytes: a page whose first bytes make no
    /// element yet has committed without it (as any page may under load). A call sent then
    /// waits for the client and returns the function's result.
    func testACallWaitsForTheClientOfTheNewDocument() {
        gtkTest(timeout: 40) { @MainActor in
            let server = try LoopbackServer()
            server.route("/") { _ in
                // Enough bytes that WebKit passes them on (and commits) before the rest; a comment
                // makes no element.
                .inTwoParts("<!doctype html><!-- the rest follows -->" + String(repeating: " ", count: 2048),
                            then: "<p>page</p><script>function double(x) { return 2 * x; }</script>",
                            after: .milliseconds(500), contentType: "text/html; charset=utf-8")
            }
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .origins(server.origin)))
            defer { page.close() }
            let recorder = LoadRecorder()
            page.bridge.delegate = recorder
            page.bridge.load(uri: server.url("/"))
            try await waitUntil(timeout: 10, "the page committed") {
                recorder.loads.contains { if case .committed = $0 { true } else { false } }
            }
            let doubled = try await page.bridge.callJavaScript("double", 21)
            XCTAssertEqual(doubled, 42)
        }
    }

    /// Events dispatched before the page listens — before its first load commits, and after
    /// the commit while the page's scripts have not run (its parser waits for a slow script,
    /// as a cold start's page may) — reach the listeners the page adds while loading, in the
    /// order sent, together with the page calls sent between them.
    func testEventsSentBeforeThePageListensReachItsListenersInOrder() {
        gtkTest(timeout: 40) { @MainActor in
            let server = try LoopbackServer()
            server.page("/", """
                <!doctype html><script src="/slow.js"></script><script>
                window.heard = [];
                window.bridge.on('url', (u) => heard.push('url ' + u));
                window.bridge.on('newEntry', (e) => heard.push('newEntry ' + e.title));
                addEventListener('newEntry', (e) => heard.push('dom newEntry ' + e.detail.title));
                function record(x) { heard.push('call ' + x); return heard.length; }
                </script>
                """)
            server.route("/slow.js") { _ in
                .inTwoParts("window.slow = 1;", then: "window.slow = 2;", after: .seconds(2), contentType: "text/javascript")
            }
            let page = BridgePageFixture(configuration: BridgeConfiguration(callers: .origins(server.origin)))
            defer { page.close() }
            let recorder = LoadRecorder()
            page.bridge.delegate = recorder
            try page.bridge.dispatch("url", "journal://new")
            try page.bridge.dispatch("newEntry", ["title": "cold"])
            page.bridge.load(uri: server.url("/"))
            try await waitUntil(timeout: 10, "the page committed") {
                recorder.loads.contains { if case .committed = $0 { true } else { false } }
            }
            try page.bridge.dispatch("newEntry", ["title": "after commit"])
            try page.bridge.sendJavaScriptCall("record", "between")
            try page.bridge.dispatch("newEntry", ["title": "last"])
            try await page.window.waitForLoad()
            let expected: [JSONValue] = ["url journal://new", "newEntry cold", "dom newEntry cold",
                                         "newEntry after commit", "dom newEntry after commit", "call between",
                                         "newEntry last", "dom newEntry last"]
            var heard: JSONValue = []
            try await eventually(timeout: 10, "every event arrived, in order") {
                heard = try await page.run("return window.heard;")
                return heard == .array(expected)
            }
            XCTAssertEqual(heard, .array(expected))
        }
    }

    /// A call awaiting a commit that never comes ends when the bridge is torn down.
    func testACallWaitingForACommitEndsWhenTheBridgeIsTornDown() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.window.close() }
            let call = Task { try await page.bridge.callJavaScript("never") }
            try await Task.sleep(for: .milliseconds(50))
            page.bridge.tearDown()
            do {
                _ = try await call.value
                XCTFail("answered without a page")
            } catch let error as BridgeError {
                XCTAssertEqual(error.code, .handlerFailed)
            }
        }
    }
}

extension PageLifecycleIntegrationTests {
    /// A call awaiting a commit that never comes ends when the view's window is closed.
    func testACallWaitingForACommitEndsWhenTheViewIsDestroyed() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            let call = Task { try await page.bridge.callJavaScript("never") }
            try await Task.sleep(for: .milliseconds(50))
            page.window.close()
            do {
                _ = try await call.value
                XCTFail("answered without a page")
            } catch let error as BridgeError {
                XCTAssertEqual(error.code, .handlerFailed)
            }
            page.bridge.tearDown()
        }
    }
}

@MainActor
final class LoadRecorder: WebViewBridgeDelegate {
    var loads: [PageLoadEvent] = []
    func bridge(_ bridge: WebViewBridge, didFail failure: BridgeFailure) {}
    func bridge(_ bridge: WebViewBridge, didObserve event: PageLoadEvent) { loads.append(event) }
}
