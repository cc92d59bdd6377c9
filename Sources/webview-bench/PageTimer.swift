import CWebKitGTK
import Foundation
import WebKitGTK

/// Runs timed loops inside a page and returns the milliseconds the page measured, so the
/// figures are round trips as page code sees them (`performance.now()` around awaits).
@MainActor
struct PageTimer {
    let view: WebView

    static let page = """
        <!doctype html><meta charset="utf-8"><script>
        window.payloads = new Map();
        window.payload = (bytes) => {
          if (!payloads.has(bytes)) payloads.set(bytes, bytes === 0 ? { n: 1 } : { data: 'x'.repeat(Math.max(0, bytes - 11)) });
          return payloads.get(bytes);
        };
        // `count` calls of each of two zero-argument async functions, one by one, in ABBA order
        // so neither always goes first; returns the milliseconds each took in all.
        window.timePairs = async (a, b, count) => {
          let msA = 0, msB = 0;
          for (let i = 0; i < count; i++) {
            const [first, second] = i & 1 ? [b, a] : [a, b];
            const t0 = performance.now();
            await first();
            const t1 = performance.now();
            await second();
            const t2 = performance.now();
            if (i & 1) { msB += t1 - t0; msA += t2 - t1; } else { msA += t1 - t0; msB += t2 - t1; }
          }
          return [msA, msB];
        };
        window.buffers = new Map();
        window.buffer = (bytes) => {
          if (!buffers.has(bytes)) { const b = new Uint8Array(bytes); for (let i = 0; i < bytes; i += 4096) b[i] = i & 255; buffers.set(bytes, b); }
          return buffers.get(bytes);
        };
        window.binaryEcho = (bytes) => {
          const data = window.buffer(bytes);
          return async () => {
            const echoed = await window.bridge.invokeBinary('echo', data);
            if (echoed.byteLength !== bytes) throw new Error('binary echo lost bytes');
          };
        };
        window.jsonCall = (send, bytes) => { const payload = window.payload(bytes); return () => send(payload); };
        window.checkEcho = async (send, bytes) => JSON.stringify(await send(window.payload(bytes))) === JSON.stringify(window.payload(bytes));
        </script>
        """

    /// Milliseconds per call of `first` and `second` (JS expressions making zero-argument async
    /// functions, see `jsonCall`), called `count` times each, alternating call by call.
    func timePairs(_ first: String, _ second: String, count: Int) async throws -> (first: Double, second: Double) {
        let json = try await callJSON("return await timePairs(\(first), \(second), \(count));")
        guard let times = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Double], times.count == 2 else {
            throw BenchError("timePairs returned \(json)")
        }
        return (times[0] / Double(count), times[1] / Double(count))
    }

    /// A JS expression making a function that calls `send` (a JS function of one argument)
    /// with a payload of about `bytes` bytes (0: a small object).
    static func jsonCall(_ send: String, bytes: Int) -> String {
        "jsonCall(\(send), \(bytes))"
    }

    /// Whether `send` echoes the payload intact.
    func checkEcho(send: String, bytes: Int) async throws -> Bool {
        try await call("return (await checkEcho(\(send), \(bytes))) ? 1 : 0;") == 1
    }

    /// Runs `body` as an async function in the page; it must return a number.
    func call(_ body: String) async throws -> Double {
        let json = try await callJSON(body)
        guard let number = Double(json) else { throw BenchError("the page returned \(json), not a number") }
        return number
    }

    /// Runs `body` as an async function in the page and returns its result as JSON text.
    func callJSON(_ body: String) async throws -> String {
        let pointer = view.reference.pointer
        return try await asyncCall(start: { callback, data in
            webkit_web_view_call_async_javascript_function(pointer, body, -1, nil, nil, nil, nil, callback, data)
        }, finish: { result in
            let value = try throwingGError { webkit_web_view_call_async_javascript_function_finish(pointer, result, $0) }
            guard let value else { throw BenchError("the page returned nothing") }
            defer { g_object_unref(value) }
            guard let json = jsc_value_to_json(value, 0) else { throw BenchError("the page returned no JSON value") }
            defer { g_free(json) }
            return String(cString: json)
        })
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
