/// Why a contract could not be written as TypeScript.
public enum ContractError: Error, Equatable, CustomStringConvertible {
    /// The type uses something JSON or the contract cannot express.
    case unsupported(String, String)
    /// No way through the type's `init(from:)` decoded: the reason from the first way tried.
    case undecodable(String, String)
    /// The type holds itself directly, not through an optional or an array.
    case recursive(String)
    /// Two different Swift types would get the same TypeScript name.
    case nameClash(String, String, String)
    /// Two entries of one contract have the same name.
    case duplicate(String)

    public var description: String {
        switch self {
        case .unsupported(let type, let what): "\(type): the contract cannot describe \(what)"
        case .undecodable(let type, let reason):
            "\(type): its init(from:) did not decode in any way the contract tried (\(reason)); "
                + "give it TypeScriptRepresentable, or make an enum CaseIterable"
        case .recursive(let type): "\(type) holds itself without an optional or an array in between"
        case .nameClash(let name, let first, let second): "\(first) and \(second) would both be called \(name) in TypeScript"
        case .duplicate(let name): "the contract lists \"\(name)\" twice"
        }
    }
}
