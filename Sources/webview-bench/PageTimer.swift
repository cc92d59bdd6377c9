import CWebKitGTKHelpers
import Foundation
import WebBridge
import WebKitGTK

/// Runs timed loops inside a page and returns the milliseconds the page measured, so the
/// figures are round trips as page code sees them (`performance.now()` around awaits).
@MainActor
struct PageTimer {
    let view: WebView

    /// The page: bench-page.js beside this file, inline (the page is served, not a file).
    static let page = #"<!doctype html><meta charset="utf-8"><script>"# + JavaScriptLiteral.call(EmbeddedJavaScript.benchPage)
        + "</script>"

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

    /// Runs `script` (the source of an async function of no arguments, such as one of the
    /// bench's .js files) in the page; it must return a number.
    func run(_ script: String) async throws -> Double {
        try await call("return await " + JavaScriptLiteral.call(script))
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
