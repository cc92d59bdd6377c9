import FoundationEssentials
import ScriptMessaging

/// A failure reported to the page: its Promise rejects with a JS `Error` whose `code`
/// and `message` are these.
public struct BridgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The failures the page can tell apart: the `code` of the rejected Promise's `Error`,
    /// its raw value the string the page compares with.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// The body did not decode into what the handler takes.
        case invalidPayload = "invalid-payload"
        /// `bridge.invoke` named no registered handler.
        case unknownHandler = "unknown-handler"
        /// The handler threw (or never answered).
        case handlerFailed = "handler-failed"
        /// The body was over the bridge's size or nesting-depth limit.
        case payloadTooLarge = "payload-too-large"
        /// The page showing in the web view is not one the handler accepts calls from.
        case forbidden = "forbidden"
        /// The handler did not answer in time.
        case timeout = "timeout"
        /// The page stopped responding (its web process is stuck, e.g. in a loop) while the
        /// call waited: it was ended at once rather than left to time out.
        case pageUnresponsive = "page-unresponsive"
        /// The page's web process ended (crashed, over its memory limit, or stopped) while
        /// the call waited.
        case webProcessTerminated = "web-process-terminated"
    }

    /// What kind of failure, for the page's code to branch on.
    public var code: Code
    /// What went wrong, for a person: it names the field or the limit, never a secret.
    public var message: String

    /// Throw this from a handler to reject the page's Promise with exactly this code and message
    /// (any other error becomes `handler-failed`).
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// What the page receives as the rejection message: `{"code":…,"message":…}`, which the
    /// injected client turns back into an `Error` with `code` and `message`.
    public var rejectionMessage: String {
        // Encoding two strings cannot fail.
        try! JSONCoders.encodeText(Wire(code: code.rawValue, message: message))
    }

    private struct Wire: Encodable {
        let code: String
        let message: String
    }

    /// Any error a handler threw, as the page should see it: bridge errors keep their code,
    /// others become `handler-failed` with their description.
    public static func from(_ error: any Error) -> BridgeError {
        if let bridgeError = error as? BridgeError { return bridgeError }
        if let decodingError = error as? DecodingError { return BridgeError(.invalidPayload, decodingError.fieldDescription) }
        return BridgeError(.handlerFailed, String(describing: error))
    }
}
