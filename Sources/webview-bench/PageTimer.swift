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
        window.timeLoop = async (send, bytes, count) => {
          const payload = window.payload(bytes);
          const started = performance.now();
          for (let i = 0; i < count; i++) await send(payload);
          return performance.now() - started;
        };
        window.buffers = new Map();
        window.buffer = (bytes) => {
          if (!buffers.has(bytes)) { const b = new Uint8Array(bytes); for (let i = 0; i < bytes; i += 4096) b[i] = i & 255; buffers.set(bytes, b); }
          return buffers.get(bytes);
        };
        window.timeBinaryLoop = async (bytes, count) => {
          const data = window.buffer(bytes);
          const started = performance.now();
          for (let i = 0; i < count; i++) {
            const echoed = await window.bridge.invokeBinary('echo', data);
            if (echoed.byteLength !== bytes) throw new Error('binary echo lost bytes');
          }
          return performance.now() - started;
        };
        window.checkEcho = async (send, bytes) => JSON.stringify(await send(window.payload(bytes))) === JSON.stringify(window.payload(bytes));
        </script>
        """

    /// Milliseconds for `count` sequential awaited calls of `send` (a JS expression) with a
    /// payload of about `bytes` bytes (0: a small object).
    func time(send: String, bytes: Int, count: Int) async throws -> Double {
        try await call("return await timeLoop(\(send), \(bytes), \(count));")
    }

    /// Whether `send` echoes the payload intact.
    func checkEcho(send: String, bytes: Int) async throws -> Bool {
        try await call("return (await checkEcho(\(send), \(bytes))) ? 1 : 0;") == 1
    }

    /// Runs `body` as an async function in the page; it must return a number.
    func call(_ body: String) async throws -> Double {
        let pointer = view.reference.pointer
        return try await asyncCall(start: { callback, data in
            webkit_web_view_call_async_javascript_function(pointer, body, -1, nil, nil, nil, nil, callback, data)
        }, finish: { result in
            let value = try throwingGError { webkit_web_view_call_async_javascript_function_finish(pointer, result, $0) }
            guard let value else { throw BenchError("the page returned nothing") }
            defer { g_object_unref(value) }
            return jsc_value_to_double(value)
        })
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
