import FoundationEssentials

/// What a page posted to a native message handler, as WebKit hands it over.
///
/// Shared by the WebKitGTK layer (which copies it out of JavaScriptCore) and the bridge
/// (which decodes it), so both speak of one type. Strings stay strings, so a posted JSON
/// string is parsed once, by whoever decodes it.
public enum MessageBody: Sendable, Equatable {
    /// The page posted a string (which may itself hold JSON).
    case string(String)
    /// The page posted any other value; this is its JSON text.
    case json(Data)
    /// The page posted `undefined`, or a value JSON cannot represent (a function…).
    case undefined

    /// The size of the payload in bytes.
    public var byteCount: Int {
        switch self {
        case .string(let text): text.utf8.count
        case .json(let data): data.count
        case .undefined: 0
        }
    }
}
