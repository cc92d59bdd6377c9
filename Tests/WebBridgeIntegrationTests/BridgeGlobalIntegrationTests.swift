import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// The page API's global is the page's to shadow (issue 22, item 4): a trusted page's own
/// top-level `let`, `const`, `class` or `var bridge` runs, and the library stays reachable as
/// `window.webkit.bridge`, both ways (page → Swift and Swift → page). The app names the global.
final class BridgeGlobalIntegrationTests: GTKTestCase {
    /// Each declaration a page may make of the name, with what the page's `bridge` then is.
    static let declarations: [(source: String, own: String)] = [
        ("let bridge = 'mine';", "string"),
        ("const bridge = 'mine';", "string"),
        ("class bridge {}", "function"),
        ("var bridge = 'mine';", "string"),
        ("function bridge() {}", "function"),
    ]

    func testAPagesOwnDeclarationOfTheNameRunsAndTheBridgeStaysReachable() {
        gtkTest(timeout: 120) {
            for world in [BridgeContentWorld.capability, .isolated, .page] {
                for declaration in Self.declarations {
                    try await Self.declarationRuns(declaration.source, own: declaration.own, in: world)
                }
            }
        }
    }

    @MainActor
    static func declarationRuns(_ source: String, own: String, in world: BridgeContentWorld) async throws {
        let page = BridgePageFixture(configuration: BridgeConfiguration(contentWorld: world), echo: true)
        defer { page.close() }
        try await page.load(body: """
            <script>\(source) window.ran = typeof bridge;</script>
            <script>window.heard = []; window.webkit.bridge.on('ping', (payload) => window.heard.push(payload));</script>
            """)
        let outcome = try await page.run("""
            return [window.ran, await window.webkit.bridge.invoke('echo', { n: 1 }),
                    await window.webkit.messageHandlers.echo.postMessage({ n: 2 })];
            """)
        XCTAssertEqual(outcome, [.string(own), ["n": 1], ["n": 2]], "\(source) in \(world)")
        try page.bridge.dispatch("ping", 7)
        let heard = try await page.run("""
            await new Promise((done) => { const look = () => window.heard.length ? done() : setTimeout(look, 10); look(); });
            return window.heard;
            """)
        XCTAssertEqual(heard, [7], "\(source) in \(world): the native event did not arrive")
    }

    func testTheAppNamesTheGlobal() {
        gtkTest {
            var configuration = BridgeConfiguration()
            configuration.globalName = "native"
            let page = try await BridgePageFixture.echoing(configuration, body: "<script>const bridge = 'mine';</script>")
            defer { page.close() }
            let outcome = try await page.run("""
                return [typeof window.bridge, bridge, window.native === window.webkit.bridge,
                        await window.native.invoke('echo', 'x')];
                """)
            XCTAssertEqual(outcome, ["undefined", "mine", true, "x"])
        }
    }

    func testWithoutAGlobalTheBridgeIsWindowWebkitBridge() {
        gtkTest {
            var configuration = BridgeConfiguration()
            configuration.globalName = nil
            let page = try await BridgePageFixture.echoing(configuration)
            defer { page.close() }
            let outcome = try await page.run("return [typeof window.bridge, await window.webkit.bridge.invoke('echo', 3)];")
            XCTAssertEqual(outcome, ["undefined", 3])
        }
    }

    /// `window.webkit.bridge` stays the bridge whatever the page's own script does to it or to
    /// `window.webkit` — assigning, redefining, deleting — with WebKit's own namespace there
    /// (page-world handlers of the app's own) or not.
    func testThePageCannotReplaceRedefineOrDeleteWindowWebkitBridge() {
        gtkTest(timeout: 60) {
            for ownHandlers in [false, true] {
                let page = BridgePageFixture(configuration: BridgeConfiguration(contentWorld: .isolated), echo: true) { view in
                    if ownHandlers { view.userContent.addMessageHandler(name: "own") { _, reply in reply.resolve(json: "\"own\"") } }
                }
                defer { page.close() }
                try await page.load(body: """
                    <script>
                      const forged = { invoke: () => Promise.resolve('forged'), forged: true };
                      const attacks = [
                        () => { window.webkit.bridge = forged; },
                        () => { 'use strict'; window.webkit.bridge = forged; },
                        () => { delete window.webkit.bridge; },
                        () => { Object.defineProperty(window.webkit, 'bridge', { value: forged }); },
                        () => { Object.defineProperty(window.webkit, 'bridge', { get: () => forged }); },
                        () => { window.webkit = { bridge: forged }; },
                        () => { delete window.webkit; },
                        () => { Object.defineProperty(window, 'webkit', { value: { bridge: forged } }); },
                        () => { Object.defineProperty(window, 'webkit', { get: () => ({ bridge: forged }) }); },
                      ];
                      window.kept = attacks.map((attack) => {
                        try { attack(); } catch (_) {}
                        const bridge = window.webkit && window.webkit.bridge;
                        return !!bridge && !bridge.forged && typeof bridge.invoke === 'function';
                      });
                    </script>
                    """)
                let outcome = try await page.run("""
                    return [window.kept, await window.webkit.bridge.invoke('echo', 1), window.webkit.bridge === window.bridge,
                            Object.getOwnPropertyDescriptor(window.webkit, 'bridge').configurable];
                    """)
                XCTAssertEqual(outcome, [.array(Array(repeating: true, count: 9)), 1, true, false], "own handlers: \(ownHandlers)")
                if ownHandlers {
                    let own = try await page.run("return await window.webkit.messageHandlers.own.postMessage(1);")
                    XCTAssertEqual(own, "own")
                }
            }
        }
    }

    /// WebKit's own `window.webkit` (there when the app has page-world handlers of its own)
    /// is extended, not replaced: its handlers stay reachable beside the bridge.
    func testWebKitsOwnNamespaceIsExtended() {
        gtkTest {
            let page = BridgePageFixture(configuration: BridgeConfiguration(contentWorld: .isolated), echo: true) { view in
                view.userContent.addMessageHandler(name: "own") { _, reply in reply.resolve(json: "\"own\"") }
            }
            defer { page.close() }
            try await page.load()
            let outcome = try await page.run("""
                return [await window.webkit.messageHandlers.own.postMessage(1), await window.webkit.bridge.invoke('echo', 2),
                        window.webkit.bridge === window.bridge];
                """)
            XCTAssertEqual(outcome, ["own", 2, true])
        }
    }
}
