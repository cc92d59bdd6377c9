import CGLib

/// A `GError` carried into Swift: its domain, code and message, nothing lost.
public struct GLibError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error domain's name, such as `"WebKitNetworkError"` or `"g-io-error-quark"`.
    public let domain: String
    /// The domain's own error number (a `GIOErrorEnum`, a `WebKitNetworkError`…): compare it with the domain, never alone.
    public let code: Int
    /// The human-readable text GLib gave, fit to show a user or log; may be empty.
    public let message: String

    /// Makes an error with the same shape as one from C, so Swift code and tests can report
    /// failures the way GLib does.
    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Copies a `GError` without taking ownership of it.
    package init(_ error: UnsafePointer<GError>) {
        self.domain = string(g_quark_to_string(error.pointee.domain)) ?? "unknown"
        self.code = Int(error.pointee.code)
        self.message = string(error.pointee.message) ?? ""
    }

    /// Copies and frees a `GError` the caller owns.
    package static func take(_ error: UnsafeMutablePointer<GError>?) -> GLibError? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return GLibError(error)
    }

    public var description: String { message.isEmpty ? "\(domain) error \(code)" : message }
}
