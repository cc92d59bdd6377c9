/// Turns Foundation's decoding errors into messages that name the field and the type the
/// handler expected, which is what a page author needs to fix the call.
extension DecodingError {
    var fieldDescription: String {
        switch self {
        case .typeMismatch(let type, let context):
            "field \(Self.path(context.codingPath)): expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            "field \(Self.path(context.codingPath)): expected \(Self.name(of: type)), found null or nothing"
        case .keyNotFound(let key, let context):
            "field \(Self.path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            "field \(Self.path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            String(describing: self)
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "'payload'" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return "'\(text)'"
    }

    /// JSON-flavoured type names: a page author knows "number", not "Double".
    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Bool.Type: "boolean"
        case is Double.Type, is Float.Type, is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "number"
        case is [Any].Type: "array"
        case is [String: Any].Type: "object"
        default: "\(type)"
        }
    }
}
