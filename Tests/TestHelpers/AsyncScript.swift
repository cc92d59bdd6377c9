import Foundation
import WebKitGTK

extension WebView {
    /// Runs the body of an async JavaScript function in the page and decodes what it resolves
    /// to, polling for the result since `evaluateJavaScript` does not await promises.
    public func evaluateAsync<Value: Decodable>(_ body: String, as type: Value.Type, timeout: TimeInterval = 10) async throws -> Value {
        let key = "__asyncResult\(UInt32.random(in: 0...UInt32.max))"
        _ = try await evaluateJavaScript("""
            (async () => { \(body) })().then(
                value => { window.\(key) = JSON.stringify({value: value}); },
                error => { window.\(key) = JSON.stringify({error: String(error)}); });
            undefined
            """)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if case .string(let json)? = try await evaluateJavaScript("window.\(key) ?? null") {
                let result = try JSONDecoder().decode(AsyncResult<Value>.self, from: Data(json.utf8))
                if let error = result.error { throw ScriptFailure(description: "script failed: \(error)") }
                guard let value = result.value else { throw ScriptFailure(description: "script resolved to nothing") }
                return value
            }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        throw ScriptFailure(description: "script did not resolve: \(body.prefix(80))")
    }
}

private struct AsyncResult<Value: Decodable>: Decodable {
    let value: Value?
    let error: String?
}

/// Waits `milliseconds` while the loop runs: for checking that something did NOT happen.
@MainActor
public func settle(milliseconds: UInt64 = 400) async throws {
    try await Task.sleep(nanoseconds: milliseconds * 1_000_000)
}

/// A script in a test that failed or never finished.
public struct ScriptFailure: Error, CustomStringConvertible {
    /// What the script did, or did not do.
    public let description: String

    /// A failure saying `description`.
    public init(description: String) { self.description = description }
}
