import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// `bridge.stream`: chunks in order, cancelled from the page (the Swift task with it), never
/// more than the window ahead of the page, and 1 GB through bounded host memory.
final class StreamIntegrationTests: GTKTestCase {
    struct Count: Codable { let count: Int }

    func testChunksArriveInOrderAsBytesAndValues() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            page.bridge.add(StreamHandler("count", as: Count.self) { request, writer in
                for i in 0..<request.count {
                    if i.isMultiple(of: 2) { try await writer.send(json: ["i": i]) } else { try await writer.send(Data([UInt8(i), 0, 255])) }
                }
            })
            page.bridge.add(StreamHandler("broken", as: JSONValue.self) { _, writer in
                try await writer.send(json: 1)
                throw BridgeError(.handlerFailed, "broke after one")
            })
            try await page.load()
            let outcome = try await page.run("""
                const seen = [];
                for await (const chunk of window.bridge.stream('count', { count: 6 })) {
                  seen.push(chunk instanceof ArrayBuffer ? Array.from(new Uint8Array(chunk)) : chunk);
                }
                const broken = [];
                try { for await (const chunk of window.bridge.stream('broken', {})) broken.push(chunk); }
                catch (e) { broken.push(e.code, e.message); }
                const bad = [];
                for (const [name, payload] of [['nothing', {}], ['count', { count: 'x' }]]) {
                  try { for await (const chunk of window.bridge.stream(name, payload)) bad.push(chunk); } catch (e) { bad.push(e.code); }
                }
                return [seen, broken, bad];
                """)
            XCTAssertEqual(outcome, [
                [["i": 0], [1, 0, 255], ["i": 2], [3, 0, 255], ["i": 4], [5, 0, 255]],
                [1, "handler-failed", "broke after one"],
                ["unknown-handler", "invalid-payload"],
            ])
        }
    }

    /// The page takes three chunks and stops: the producer, which would send forever, was
    /// never more than the window ahead, and its task is cancelled.
    func testStoppingTheIterationCancelsTheSwiftTaskAndTheProducerWaitsForThePage() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            var sent = 0
            var cancelled = false
            page.bridge.add(StreamHandler("forever", as: JSONValue.self, window: 2) { _, writer in
                do {
                    while true {
                        try await writer.send(json: sent)
                        sent += 1
                    }
                } catch is CancellationError {
                    cancelled = Task.isCancelled
                    throw CancellationError()
                }
            })
            try await page.load()
            let outcome = try await page.run("""
                const taken = [];
                for await (const chunk of window.bridge.stream('forever', null)) {
                  taken.push(chunk);
                  await new Promise((r) => setTimeout(r, 50));
                  if (taken.length === 3) break;
                }
                return taken;
                """)
            XCTAssertEqual(outcome, [0, 1, 2])
            try await waitUntil { cancelled }
            XCTAssertLessThanOrEqual(sent, 3 + 2, "the producer ran ahead of the page by more than its window")
        }
    }

    /// A gigabyte in 1 MB chunks: the host's memory peaks a few chunks above where it was.
    func testAGigabyteStreamsThroughBoundedHostMemory() {
        gtkTest(timeout: 300) { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            let chunk = Data(repeating: 7, count: 1 << 20)
            page.bridge.add(StreamHandler("gigabyte", as: JSONValue.self) { _, writer in
                for _ in 0..<1024 { try await writer.send(chunk) }
            })
            try await page.load()
            var received: JSONValue = nil
            let growth = try await ResidentMemory.peakGrowth {
                received = try await page.run("""
                    let bytes = 0, chunks = 0, sevens = true;
                    for await (const chunk of window.bridge.stream('gigabyte', null)) {
                      bytes += chunk.byteLength; chunks += 1;
                      if (new Uint8Array(chunk)[chunk.byteLength - 1] !== 7) sevens = false;
                    }
                    return [bytes, chunks, sevens];
                    """, timeout: 280)
            }
            XCTAssertEqual(received, [.number(Double(1 << 30)), 1024, true])
            XCTAssertLessThan(growth, 64 << 20, "host memory grew by \(growth >> 20) MB for a 1 GB stream")
        }
    }
}
