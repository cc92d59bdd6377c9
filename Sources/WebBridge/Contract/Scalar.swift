import FoundationEssentials

/// The standard types JSON carries as one value, with the spelling the bridge's
/// `JSONCoders` give them.
enum Scalar {
    case string, number, boolean, date, data, url, uuid, decimal

    init?(_ type: Any.Type) {
        switch type {
        case is String.Type: self = .string
        case is Bool.Type: self = .boolean
        case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: self = .number
        case is Date.Type: self = .date
        case is Data.Type: self = .data
        case is URL.Type: self = .url
        case is UUID.Type: self = .uuid
        case is Decimal.Type: self = .decimal
        default: return nil
        }
    }

    func type(declaring describer: TypeDescriber) throws -> TypeScriptType {
        switch self {
        case .string, .url, .uuid: return .string
        case .number, .decimal: return .number
        case .boolean: return .boolean
        // Base64 under JSONEncoder's default data strategy.
        case .data: return .string
        case .date:
            let declaration = try BridgeDate.declaration
            try describer.declare(declaration)
            return .reference(declaration.name)
        }
    }

    /// A value of `type`, which is of this kind.
    func sample(_ type: Any.Type) -> Any {
        switch self {
        case .string: ""
        case .number:
            if let integer = type as? any BinaryInteger.Type { integer.init(0) } else { (type as! any BinaryFloatingPoint.Type).init(0) }
        case .boolean: false
        case .date: Date(timeIntervalSinceReferenceDate: 0)
        case .data: Data()
        case .url: URL(string: "about:blank")!
        case .uuid: UUID()
        case .decimal: Decimal(0)
        }
    }
}
