/// Why evaluating script in a page failed.
public enum JavaScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The script threw; `message` is the exception as the page would print it.
    case exception(message: String)
    /// The result could not be converted to JSON (a function, a cyclic object…).
    case unrepresentableResult(String)
    /// The result did not decode into the Swift type asked for.
    case resultTypeMismatch(String)

    public var description: String {
        switch self {
        case .exception(let message): "JavaScript exception: \(message)"
        case .unrepresentableResult(let detail): "JavaScript result cannot be represented as JSON: \(detail)"
        case .resultTypeMismatch(let detail): "JavaScript result has the wrong type: \(detail)"
        }
    }
}
