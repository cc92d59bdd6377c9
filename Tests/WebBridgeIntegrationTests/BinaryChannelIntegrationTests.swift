import Foundation
import ScriptMessaging
import TestHelpers
import WebKitGTK
import WebBridge
import XCTest

/// `bridge.invokeBinary`: bytes as request and response bodies of the view's own scheme,
/// under the same checks and error codes as every other call.
final class BinaryChannelIntegrationTests: GTKTestCase {
    struct Meta: Decodable { let scale: Int }

    @MainActor
    static func page(maxPayloadBytes: Int = 64 << 20) async throws -> BridgePageFixture {
        let page = BridgePageFixture(configuration: BridgeConfiguration(maxPayloadBytes: maxPayloadBytes))
        page.bridge.add(BinaryHandler("echo") { $0 })
        page.bridge.add(BinaryHandler("scale", meta: Meta.self) { data, meta in Data(data.map { $0 &* UInt8(meta.scale) }) })
        page.bridge.add(BinaryHandler("fail") { _ in throw BridgeError(.handlerFailed, "no luck") })
        try await page.load()
        return page
    }

    func testBytesRoundTripFromEveryKindOfBody() {
        gtkTest { @MainActor in
            let page = try await Self.page()
            defer { page.close() }
            let outcome = try await page.run("""
                const bytes = new Uint8Array(256 * 1024 + 3);
                for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) & 255;
                const same = (buffer) => buffer instanceof ArrayBuffer && buffer.byteLength === bytes.length
                  && new Uint8Array(buffer).every((b, i) => b === bytes[i]);
                const results = [];
                results.push(same(await window.bridge.invokeBinary('echo', bytes.buffer)));
                results.push(same(await window.bridge.invokeBinary('echo', bytes)));
                results.push(same(await window.bridge.invokeBinary('echo', new Blob([bytes], { type: 'image/png' }))));
                results.push(same(await window.bridge.invokeBinary('echo', new DataView(bytes.buffer))));
                const scaled = new Uint8Array(await window.bridge.invokeBinary('scale', new Uint8Array([1, 2, 3]), { scale: 3 }));
                results.push(Array.from(scaled));
                results.push((await window.bridge.invokeBinary('echo', null)).byteLength);
                return results;
                """)
            XCTAssertEqual(outcome, [true, true, true, true, [3, 6, 9], 0])
        }
    }

    /// Without the web process extension's function (a script took it before the client:
    /// here the test's own), the client falls back to `fetch`es to the view's scheme.
    func testBytesAndStreamsTakeTheSchemeWhenThePageLacksTheExtensionsFunction() {
        gtkTest { @MainActor in
            let page = BridgePageFixture { view in
                view.userContent.add(UserScript(source: "delete window.__webViewHostBinary;",
                                                injectionTime: .documentStart, frames: .mainFrameOnly))
            }
            defer { page.close() }
            page.bridge.add(BinaryHandler("echo") { $0 })
            page.bridge.add(StreamHandler("count", as: Int.self) { count, writer in
                for n in 0..<count { try await writer.send(Data([UInt8(n)])) }
            })
            try await page.load()
            let outcome = try await page.run("""
                const fetchFirst = window.fetch;
                let fetches = 0;
                window.fetch = (...request) => { fetches++; return fetchFirst(...request); };
                const echoed = new Uint8Array(await window.bridge.invokeBinary('echo', new Uint8Array([5, 6, 7])));
                const streamed = [];
                for await (const chunk of window.bridge.stream('count', 3)) streamed.push(new Uint8Array(chunk)[0]);
                return [Array.from(echoed), streamed, fetches >= 5];
                """)
            XCTAssertEqual(outcome, [[5, 6, 7], [0, 1, 2], true])
        }
    }

    func testFailuresRejectWithTheBridgesCodes() {
        gtkTest { @MainActor in
            let page = try await Self.page(maxPayloadBytes: 1000)
            defer { page.close() }
            let outcome = try await page.run("""
                const codes = [];
                for (const call of [
                  () => window.bridge.invokeBinary('nothing', new Uint8Array(1)),
                  () => window.bridge.invokeBinary('echo', new Uint8Array(1001)),
                  () => window.bridge.invokeBinary('fail', new Uint8Array(1)),
                  () => window.bridge.invokeBinary('scale', new Uint8Array(1), { scale: 'x' }),
                  () => window.bridge.invokeBinary('echo', { not: 'bytes' }),
                ]) {
                  try { await call(); codes.push('resolved'); } catch (e) { codes.push(e instanceof Error ? e.code : 'not an Error'); }
                }
                return codes;
                """)
            XCTAssertEqual(outcome, ["unknown-handler", "payload-too-large", "handler-failed", "invalid-payload", "invalid-payload"])
        }
    }

    /// Past the client, straight to the scheme: a body over the limit is refused natively,
    /// and a request without the bridge's secret as its host is forbidden.
    func testTheNativeSideChecksTheSecretAndTheSize() {
        gtkTest { @MainActor in
            let page = try await Self.page(maxPayloadBytes: 1000)
            defer { page.close() }
            let outcome = try await page.run("""
                const post = async (url, body) => {
                  const response = await fetch(url, { method: 'POST', body });
                  return [response.status, JSON.parse(await response.text()).code];
                };
                return [await post('webviewhost-bridge://\(page.bridge.secret)/binary/echo', new Uint8Array(5000)),
                        await post('webviewhost-bridge://0123456789abcdef0123456789abcdef/binary/echo', new Uint8Array(5))];
                """)
            XCTAssertEqual(outcome, [[413, "payload-too-large"], [403, "forbidden"]])
        }
    }

    /// An untrusted page that somehow knew the secret is still refused, from the view's URI.
    func testAnUntrustedPageIsForbiddenEvenWithTheSecret() {
        gtkTest { @MainActor in
            let fixture = try CallerIntegrationTests.Fixture()
            defer { fixture.close() }
            fixture.page.bridge.add(BinaryHandler("bytes") { $0 })
            fixture.other.page("/", "<!doctype html><p>elsewhere</p>")
            try await fixture.load(fixture.other.url("/"))
            let outcome = try await fixture.page.run("""
                const response = await fetch('webviewhost-bridge://\(fixture.page.bridge.secret)/binary/bytes', { method: 'POST', body: new Uint8Array(3) });
                return [typeof window.bridge, response.status, JSON.parse(await response.text()).code];
                """)
            XCTAssertEqual(outcome, ["undefined", 403, "forbidden"])
            XCTAssertEqual(fixture.recorder.failures.map(\.code), [.forbidden])
        }
    }
}
