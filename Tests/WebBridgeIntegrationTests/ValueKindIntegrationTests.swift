import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// Every kind of JavaScript value a page can pass settles the page's Promise, through
/// `bridge.invoke` and through `window.webkit.messageHandlers.NAME.postMessage`, in every
/// content world (issue 19, item 5): a value, or a rejection with a bridge error code. Before,
/// a `WeakMap` or a `Promise` left the Promise pending forever.
final class ValueKindIntegrationTests: GTKTestCase {
    /// Each kind, as a page expression; `kinds` in the page maps a name to a maker.
    static let kinds = """
        const cyclic = { a: 1 }; cyclic.self = cyclic;
        let deep = {}; for (let i = 0; i < 100000; i++) deep = { deep };
        const sparse = [1, , 3];
        const kinds = {
          undefined: () => undefined, null: () => null, true: () => true, false: () => false,
          zero: () => 0, negativeZero: () => -0, fraction: () => 1.5, NaN: () => NaN, Infinity: () => Infinity,
          negativeInfinity: () => -Infinity, bigint: () => 10n, emptyString: () => '', string: () => 'text',
          loneSurrogate: () => '\\uD800x\\uDFFF', symbol: () => Symbol('s'), arrow: () => () => 1,
          function: () => function named() {}, class: () => class Shape {}, date: () => new Date(0),
          invalidDate: () => new Date(NaN), regexp: () => /re/g, map: () => new Map([[1, 2]]), set: () => new Set([1]),
          weakMap: () => new WeakMap(), weakSet: () => new WeakSet(), weakRef: () => new WeakRef({}),
          promise: () => Promise.resolve(1), pendingPromise: () => new Promise(() => {}),
          arrayBuffer: () => new ArrayBuffer(4), uint8Array: () => new Uint8Array([1, 2]),
          float64Array: () => new Float64Array([1.5]), bigInt64Array: () => new BigInt64Array([1n]),
          dataView: () => new DataView(new ArrayBuffer(2)), error: () => new Error('e'), typeError: () => new TypeError('t'),
          proxy: () => new Proxy({ a: 1 }, {}), throwingProxy: () => new Proxy({}, { ownKeys() { throw new Error('trap'); }, get() { throw new Error('trap'); } }),
          revokedProxy: () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; },
          cyclic: () => cyclic, throwingGetter: () => ({ get x() { throw new Error('getter'); } }),
          throwingToJSON: () => ({ toJSON() { throw new Error('toJSON'); } }), sparse: () => sparse,
          deepNesting: () => deep, domNode: () => document.body, textNode: () => document.createTextNode('t'),
          window: () => window, document: () => document, boxedString: () => new String('s'), boxedNumber: () => new Number(1),
          nestedWeakMap: () => ({ inside: new WeakMap() }), nestedPromise: () => [Promise.resolve(1)],
          nestedSymbolKey: () => ({ [Symbol('k')]: 1, a: 2 }), objectWithPrototype: () => Object.create({ inherited: 1 }),
          classInstance: () => new (class Point { constructor() { this.x = 1; } })(),
          generator: () => (function* () {})(), arguments: () => (function () { return arguments; })(1, 2),
          blob: () => new Blob(['x']), event: () => new Event('e'), intlFormat: () => new Intl.NumberFormat(),
        };
        """

    /// Codes a rejection may carry: the bridge's own (Resources/bridge.d.ts).
    static let codes: Set<String> = ["invalid-payload", "unknown-handler", "handler-failed", "payload-too-large", "forbidden", "timeout"]

    func testEveryValueKindSettlesInTheCapabilityWorld() {
        gtkTest(timeout: 240) { try await Self.everyValueKindSettles(in: .capability) }
    }

    func testEveryValueKindSettlesInTheIsolatedWorld() {
        gtkTest(timeout: 240) { try await Self.everyValueKindSettles(in: .isolated) }
    }

    func testEveryValueKindSettlesInThePageWorld() {
        gtkTest(timeout: 240) { try await Self.everyValueKindSettles(in: .page) }
    }

    @MainActor
    static func everyValueKindSettles(in world: BridgeContentWorld) async throws {
        let page = try await BridgePageFixture.echoing(BridgeConfiguration(contentWorld: world))
        defer { page.close() }
        // Each call gets 5 s to settle, far more than a settled one takes.
        let table = try await page.run("""
            \(kinds)
            const settle = (make) => {
              let promise;
              try { promise = make(); } catch (e) { return Promise.resolve('threw ' + (e && e.code) + ': ' + (e && e.message)); }
              if (!(promise instanceof Promise)) return Promise.resolve('not a promise');
              return Promise.race([
                promise.then(() => 'resolved', (e) => 'rejected ' + (e && e.code) + ': ' + (e && e.message) + (e instanceof Error ? '' : ' (not an Error)')),
                new Promise((done) => setTimeout(() => done('pending'), 5000)),
              ]);
            };
            const rows = {};
            await Promise.all(Object.entries(kinds).map(async ([name, make]) => {
              rows[name] = [await settle(() => window.bridge.invoke('echo', make())),
                            await settle(() => window.webkit.messageHandlers.echo.postMessage(make())),
                            await settle(() => window.bridge.invoke('no such handler', make()))];
            }));
            return rows;
            """, timeout: 200)
        guard case .object(let rows) = table else { return XCTFail("no table: \(table)") }
        XCTAssertGreaterThan(rows.count, 50)
        for (kind, row) in rows.sorted(by: { $0.key < $1.key }) {
            guard case .array(let cells) = row else { XCTFail("\(kind): \(row)"); continue }
            for (entry, cell) in zip(["invoke", "postMessage", "unknown handler"], cells) {
                guard case .string(let text) = cell else { XCTFail("\(kind) \(entry): \(cell)"); continue }
                if text == "resolved" { continue }
                let code = text.hasPrefix("rejected ") ? String(text.dropFirst(9).prefix { $0 != ":" }) : ""
                XCTAssertTrue(codes.contains(code) && !text.hasSuffix("(not an Error)") && !text.hasSuffix(": "),
                              "\(world) \(kind) through \(entry): \(text)")
            }
        }
        // The kinds the issue names are refused, with the reason.
        for kind in ["weakMap", "promise", "symbol", "arrow", "domNode", "window"] {
            guard case .array(let cells) = rows[kind], case .string(let first) = cells.first else { XCTFail("\(kind): no row"); continue }
            XCTAssertTrue(first.hasPrefix("rejected invalid-payload: "), "\(world) \(kind): \(first)")
        }
        XCTAssertEqual(rows["string"], ["resolved", "resolved", "rejected unknown-handler: no handler named 'no such handler'"], "a plain value")
    }
}
