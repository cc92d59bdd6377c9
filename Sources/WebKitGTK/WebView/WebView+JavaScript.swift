import CWebKitGTKHelpers
import GLibCore
import FoundationEssentials
import ScriptMessaging

extension WebView {
    /// Runs script in the page (or in the named script world) and returns its completion
    /// value as JSON text; nil when the value is `undefined`.
    ///
    /// Throws `JavaScriptError.exception` with the page's message when the script throws.
    /// The script is passed with its length, so a NUL inside it does not cut it short.
    public func evaluateJavaScriptJSON(_ script: String, world: String? = nil) async throws -> String? {
        let view = reference.pointer
        return try await asyncCall(start: { callback, data in
            webkit_web_view_evaluate_javascript(view, script, gssize(script.utf8.count), world, nil, nil, callback, data)
        }, finish: { result in
            var error: UnsafeMutablePointer<GError>?
            guard let value = webkit_web_view_evaluate_javascript_finish(view, result, &error) else {
                throw JavaScriptError.exception(message: GLibError.take(error)?.message ?? "unknown error")
            }
            defer { g_object_unref(value) }
            return try Self.json(of: value)
        })
    }

    /// Runs `body` as the body of an async function in the page and returns the JSON text of
    /// what it resolves to (nil for `undefined`), so page code can `await` Promises.
    ///
    /// Throws `JavaScriptError.exception` with the page's message when it throws or rejects.
    public func callAsyncJavaScriptJSON(_ body: String, world: String? = nil) async throws -> String? {
        let view = reference.pointer
        return try await asyncCall(start: { callback, data in
            webkit_web_view_call_async_javascript_function(view, body, gssize(body.utf8.count), nil, world, nil, nil, callback, data)
        }, finish: { result in
            var error: UnsafeMutablePointer<GError>?
            guard let value = webkit_web_view_call_async_javascript_function_finish(view, result, &error) else {
                throw JavaScriptError.exception(message: GLibError.take(error)?.message ?? "unknown error")
            }
            defer { g_object_unref(value) }
            return try Self.json(of: value)
        })
    }

    /// Runs `body` as an async function and decodes what it resolves to into `type`.
    public func callAsyncJavaScript<Value: Decodable>(_ body: String, world: String? = nil,
                                                      as type: Value.Type) async throws -> Value {
        try Self.decode(Value.self, from: try await callAsyncJavaScriptJSON(body, world: world))
    }

    /// Runs script and returns its completion value: nil for `undefined`, otherwise the value
    /// (string, number, bool, null, array or object) as JSON.
    public func evaluateJavaScript(_ script: String, world: String? = nil) async throws -> JSONValue? {
        guard let json = try await evaluateJavaScriptJSON(script, world: world) else { return nil }
        return try Self.decode(JSONValue.self, from: json)
    }

    /// Runs script and decodes its completion value into `type`.
    public func evaluateJavaScript<Value: Decodable>(_ script: String, world: String? = nil,
                                                     as type: Value.Type) async throws -> Value {
        try Self.decode(Value.self, from: try await evaluateJavaScriptJSON(script, world: world))
    }

    /// The result read as the bridge reads it (`JSONCoders`): a date is JavaScript's
    /// milliseconds since 1970 or its ISO 8601 text, as a page's `Date` gives.
    private static func decode<Value: Decodable>(_ type: Value.Type, from json: String?) throws -> Value {
        do {
            return try JSONCoders.decode(Value.self, fromScriptResult: json)
        } catch {
            throw JavaScriptError.resultTypeMismatch("expected \(Value.self), got \((json ?? "undefined").prefix(200)): \(error)")
        }
    }

    /// The JSON text of a JSCValue; nil for `undefined`.
    static func json(of value: UnsafeMutablePointer<JSCValue>) throws -> String? {
        if jsc_value_is_undefined(value) != 0 { return nil }
        guard let json = takeString(jsc_value_to_json(value, 0)) else {
            let context = jsc_value_get_context(value)
            let exception = jsc_context_get_exception(context)
            let detail = exception.flatMap { string(jsc_exception_get_message($0)) } ?? "not JSON"
            jsc_context_clear_exception(context)
            throw JavaScriptError.unrepresentableResult(detail)
        }
        return json
    }
}
