import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

final class InvokeIntegrationTests: GTKTestCase {
    struct Pair: Codable { var a: Int; var b: Int }
    struct Sum: Codable { var sum: Int }

    func testOneThousandSequentialAndOneHundredConcurrentInvokes() {
        gtkTest(timeout: 60) { try await Self.sequentialAndConcurrentInvokes(in: .isolated) }
    }

    /// Shared with `PageWorldIntegrationTests`.
    @MainActor
    static func sequentialAndConcurrentInvokes(in world: BridgeContentWorld) async throws {
        let page = BridgePageFixture(configuration: BridgeConfiguration(contentWorld: world))
        defer { page.close() }
        page.bridge.add(Handler.replying("add", as: Pair.self) { Sum(sum: $0.a + $0.b) })
        try await page.load()
        let sequential = try await page.run("""
            let wrong = 0;
            for (let i = 0; i < 1000; i++) {
              const r = await window.bridge.invoke('add', {a: i, b: 2 * i});
              if (r.sum !== 3 * i) wrong++;
            }
            return wrong;
            """)
        XCTAssertEqual(sequential, 0)
        let concurrent = try await page.run("""
            const all = await Promise.all(Array.from({length: 100}, (_, i) => window.bridge.invoke('add', {a: i, b: 1})));
            return all.map((r) => r.sum);
            """)
        XCTAssertEqual(concurrent, .array((0..<100).map { .number(Double($0 + 1)) }))
    }

    func testATenMegabytePayloadRoundTripsIntact() {
        gtkTest(timeout: 60) { try await Self.tenMegabytePayloadRoundTrip(in: .isolated) }
    }

    @MainActor
    static func tenMegabytePayloadRoundTrip(in world: BridgeContentWorld) async throws {
        let page = BridgePageFixture(configuration: BridgeConfiguration(contentWorld: world), echo: true)
        defer { page.close() }
        page.bridge.add(Handler.replying("typedEcho", as: [String: String].self) { $0 })
        try await page.load()
        let outcome = try await page.run("""
            let s = '';
            const chunk = 'abcdefghij\\u00e9\\u2028"\\\\\\n😀'.repeat(1000);
            while (s.length < 10 * 1024 * 1024) s += chunk;
            const raw = await window.bridge.invoke('echo', {data: s});
            const viaHandler = await window.webkit.messageHandlers.echo.postMessage({data: s});
            const typed = await window.bridge.invoke('typedEcho', {data: s});
            return [s.length, raw.data === s, viaHandler.data === s, typed.data === s];
            """)
        guard case .array(let values) = outcome, values.count == 4 else { return XCTFail("\(outcome)") }
        guard case .number(let length) = values[0] else { return XCTFail("\(values)") }
        XCTAssertGreaterThanOrEqual(length, 10 * 1024 * 1024)
        XCTAssertEqual(Array(values[1...]), [true, true, true])
    }

    func testHandlersChangedAfterTheLoadAreReachable() {
        gtkTest { try await Self.handlersChangedAfterTheLoad(in: .capability) }
    }

    func testHandlersChangedAfterTheLoadAreReachableBehindTheRelay() {
        gtkTest { try await Self.handlersChangedAfterTheLoad(in: .isolated) }
    }

    func testHandlersChangedAfterTheLoadAreReachableInThePageWorld() {
        gtkTest { try await Self.handlersChangedAfterTheLoad(in: .page) }
    }

    /// Added, replaced and removed while the page shows, after the page has called them (the
    /// client keeps WebKit's handler objects, and a replaced one answers no more).
    @MainActor
    static func handlersChangedAfterTheLoad(in world: BridgeContentWorld) async throws {
        let page = BridgePageFixture(configuration: BridgeConfiguration(contentWorld: world))
        defer { page.close() }
        try await page.load()
        page.bridge.add(Handler.rawJSON("late") { _ in Data("\"here\"".utf8) })
        let late = try await page.run("return await window.bridge.invoke('late', 1);")
        XCTAssertEqual(late, "here")
        page.bridge.add(Handler.rawJSON("late") { _ in Data("\"replaced\"".utf8) })
        let replaced = try await page.run("return await window.bridge.invoke('late', 1);")
        XCTAssertEqual(replaced, "replaced")
        page.bridge.removeHandler(named: "late")
        let gone = try await page.run("return await window.bridge.invoke('late', 1);")
        XCTAssertEqual(gone["error"]?["code"], "unknown-handler")
        // Announced to the page now showing: the WKWebView-style name appears and goes.
        page.bridge.add(Handler.rawJSON("late") { _ in Data("\"again\"".utf8) })
        let again = try await page.run("return await window.webkit.messageHandlers.late.postMessage(1);")
        XCTAssertEqual(again, "again")
        page.bridge.removeHandler(named: "late")
        let visible = try await page.run("return typeof window.webkit.messageHandlers.late;")
        XCTAssertEqual(visible, "undefined")
    }

    func testPostSendsWithoutAReply() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            var received: [JSONValue] = []
            page.bridge.add(Handler.json("note") { received.append($0) })
            try await page.load()
            let posted = try await page.run("return window.bridge.post('note', {n: 1}) === undefined;")
            XCTAssertEqual(posted, true)
            try await waitUntil { received == [["n": 1]] }
        }
    }
}
