import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// Binary handlers with typed sides, through the binary channel of a real page: bytes in and
/// a value (or nothing) out, a JSON request in and bytes out; each form refuses the other.
final class TypedBinaryAnswerIntegrationTests: GTKTestCase {
    struct Name: Decodable { let name: String }
    struct Saved: Encodable { let path: String; let bytes: Int }
    struct Thumbnail: Decodable { let size: Int }

    @MainActor
    static func page() async throws -> BridgePageFixture {
        let page = BridgePageFixture()
        page.bridge.add(BinaryHandler("save", meta: Name.self, answer: Saved.self) { data, meta in
            Saved(path: "/tmp/\(meta.name)", bytes: data.count)
        })
        page.bridge.add(BinaryHandler("discard", meta: Name.self, answer: NoAnswer.self) { _, _ in NoAnswer() })
        page.bridge.add(BinaryHandler("thumbnail", request: Thumbnail.self) { request in
            Data((0..<request.size).map { UInt8($0) })
        })
        page.bridge.add(BinaryHandler("echo") { $0 })
        try await page.load()
        return page
    }

    func testBytesInAValueOutAndAJSONRequestInBytesOut() {
        gtkTest { @MainActor in
            let page = try await Self.page()
            defer { page.close() }
            let outcome = try await page.run("""
                const saved = await window.bridge.invokeBinary('save', new Uint8Array([1, 2, 3, 4]), { name: 'a.png' });
                const nothing = await window.bridge.invokeBinary('discard', new Blob([new Uint8Array(9)]), { name: 'b' });
                const thumbnail = await window.bridge.invokeBinary('thumbnail', { size: 5 });
                return [saved, nothing, thumbnail instanceof ArrayBuffer, Array.from(new Uint8Array(thumbnail))];
                """)
            XCTAssertEqual(outcome, [["path": "/tmp/a.png", "bytes": 4], nil, true, [0, 1, 2, 3, 4]])
        }
    }

    func testEachFormRefusesTheOtherAndABadRequestIsInvalid() {
        gtkTest { @MainActor in
            let page = try await Self.page()
            defer { page.close() }
            let outcome = try await page.run("""
                const outcomes = [];
                for (const call of [
                  () => window.bridge.invokeBinary('thumbnail', new Uint8Array(2), { size: 1 }),
                  () => window.bridge.invokeBinary('echo', { size: 1 }),
                  () => window.bridge.invokeBinary('thumbnail', { size: 'big' }),
                ]) {
                  try { await call(); outcomes.push('resolved'); } catch (e) { outcomes.push(e.code + ': ' + e.message); }
                }
                return outcomes;
                """)
            guard case .array(let outcomes) = outcome, outcomes.count == 3 else { return XCTFail("\(outcome)") }
            XCTAssertEqual(outcomes[0], "invalid-payload: 'thumbnail' takes a JSON request alone: invokeBinary(name, request)")
            XCTAssertEqual(outcomes[1], "invalid-payload: 'echo' takes bytes: invokeBinary(name, data, meta) with an ArrayBuffer, a typed array, a Blob or null")
            XCTAssertTrue(outcomes[2].stringValue?.hasPrefix("invalid-payload: ") == true, "\(outcomes[2])")
            XCTAssertTrue(outcomes[2].stringValue?.contains("size") == true, "\(outcomes[2])")
        }
    }
}

private extension JSONValue {
    var stringValue: String? { if case .string(let text) = self { text } else { nil } }
}
