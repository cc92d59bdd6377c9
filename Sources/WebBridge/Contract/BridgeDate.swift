import FoundationEssentials
import ScriptMessaging

/// How the bridge's encoder writes a `Date`, as a declaration pages can name: found by
/// encoding one, so the contract follows `JSONCoders` if its date strategy changes.
enum BridgeDate {
    static var declaration: TypeScriptDeclaration {
        get throws {
            let json = String(decoding: try JSONCoders.encoder.encode([Date(timeIntervalSinceReferenceDate: 0)]), as: UTF8.self)
            let (type, meaning): (TypeScriptType, String) = switch json {
            case "[0]": (.number, "seconds since 2001-01-01T00:00:00Z (Swift's reference date; JSONEncoder's default for Date)")
            case "[978307200]": (.number, "seconds since 1970-01-01T00:00:00Z")
            case "[978307200000]": (.number, "milliseconds since 1970-01-01T00:00:00Z, as JavaScript counts them: `new Date(ms)` and `date.getTime()`")
            case _ where json.hasPrefix("[\""): (.string, "text, as the bridge's encoder writes 2001-01-01T00:00:00Z: \(json.dropFirst().dropLast())")
            default: throw ContractError.unsupported("Date", "the bridge's date encoding \(json)")
            }
            return TypeScriptDeclaration(name: "BridgeDate", type: type, documentation: "A date as the bridge sends and reads it: \(meaning).")
        }
    }
}
