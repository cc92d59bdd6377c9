import Foundation
import ScriptMessaging

/// The Codable shapes the differential tests throw at both coders: every scalar type the
/// containers have a method for, optionals (nested too), raw-value enums, an enum with
/// associated values, dictionaries keyed by strings and by integers, `Date` and `Data`
/// (left to Foundation), `JSONValue`, and records nested in records.
struct Record: Codable, Equatable {
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var bool: Bool
    var string: String
    var optionalInt: Int?
    var optionalDouble: Double?
    var optionalString: String?
    var optionalBool: Bool?
    var nestedOptional: Int??
    var kind: Kind
    var tier: Tier?
    var choice: Choice
    var date: Date
    var numbers: [Int64]
    var doubles: [Double?]
    var map: [String: UInt64]
    var byInteger: [Int: String]
    var table: [[Int8]]
    var value: JSONValue
    var blob: Data?
    var children: [Record]
}

enum Kind: String, Codable, CaseIterable {
    case plain
    case slash = "a/b"
    case nul = "nul\u{0}"
    case accent = "\u{E9}"
    case empty = ""
}

enum Tier: Int, Codable, CaseIterable {
    case lowest = -9_223_372_036_854_775_808
    case zero = 0
    case highest = 9_223_372_036_854_775_807
}

enum Choice: Codable, Equatable {
    case nothing
    case number(Double)
    case named(name: String, count: UInt8?)
    case pair(Int, String)
}

/// Random values of those shapes, edge cases first among them: integer bounds, `-0.0`,
/// `1e308`, subnormals, integral doubles, every ASCII character, escapes, NUL, text beyond
/// the basic plane, canonically equivalent keys.
struct RandomValues {
    var generator: SeededGenerator

    static let edgeDoubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.5, 2.5, 100, 1e-7, 1e16, 1e21, 1e22, 1e308, -1e308, 1.7976931348623157e308,
        5e-324, -5e-324, 1e-310, 2.2250738585072014e-308, 2.2250738585072009e-308, 123456789012345680000,
        9007199254740992, 9007199254740993, 9223372036854775807, -9223372036854775808, 18446744073709551615,
        0.30000000000000004, 1.0 / 3, 12345.678,
    ]

    static let edgeFloats: [Float] = [0, -0.0, 1, 0.1, 1e-7, 1e10, 16777216, 16777217, 3.4028235e38, 1.1754944e-38,
                                      1e-45, -1e-45, 0.3]

    /// Every ASCII character, then the characters JSON text and JavaScript treat specially.
    static let characters: [String] = (0..<0x80).map { String(Unicode.Scalar($0)!) } + [
        "\u{7F}", "\u{80}", "\u{E9}", "e\u{301}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{D7FF}",
        "\u{E000}", "\u{1F600}", "\u{10FFFF}", "\u{1F1EB}\u{1F1F7}", "</script>", "\\u0000", "\u{0}",
    ]

    static let oddKeys: [String] = [
        "", " ", "\"", "\\", "/", "\u{0}", "\n", "\u{E9}", "e\u{301}", "\u{1F600}", "1", "-1", "01", "1.5", "Index 0",
        "_0", "super", "int", "value", "children", "__proto__", "constructor", "\u{2028}", "</script>",
    ]

    mutating func chance(_ probability: Double) -> Bool {
        generator.chance(probability)
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: generator.pick([T.min, T.max, 0, 1, T.min + 1, T.max - 1, T.max / 2, T.isSigned ? -1 : 2])
        case 1: T(truncatingIfNeeded: Int.random(in: -1000...1000, using: &generator))
        default: T(truncatingIfNeeded: generator.next())
        }
    }

    mutating func double() -> Double {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0, 1: return generator.pick(Self.edgeDoubles)
        case 2: return Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / generator.pick([1, 10, 100, 1000, 3])
        default:
            while true {
                let value = Double(bitPattern: generator.next())
                if value.isFinite { return value }
            }
        }
    }

    mutating func float() -> Float {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: return generator.pick(Self.edgeFloats)
        case 1: return Float(Int.random(in: -100_000...100_000, using: &generator)) / 100
        default:
            while true {
                let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
                if value.isFinite { return value }
            }
        }
    }

    mutating func string() -> String {
        let length = generator.pick([0, 1, 1, 2, 3, 5, 8, 20])
        return (0..<length).map { _ in generator.pick(Self.characters) }.joined()
    }

    mutating func key() -> String {
        chance(0.5) ? generator.pick(Self.oddKeys) : string()
    }

    mutating func date() -> Date {
        Date(timeIntervalSinceReferenceDate: chance(0.5) ? double() : Double(integer(Int32.self)))
    }

    mutating func optional<T>(_ make: (inout RandomValues) -> T) -> T? {
        chance(0.3) ? nil : make(&self)
    }

    mutating func list<T>(_ make: (inout RandomValues) -> T) -> [T] {
        (0..<generator.pick([0, 1, 2, 3, 7])).map { _ in make(&self) }
    }

    mutating func jsonValue(depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 7 : 4), using: &generator) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2: return .number(chance(0.5) ? double() : Double(integer(Int32.self)))
        case 3: return .string(string())
        case 4: return .array(list { $0.jsonValue(depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<generator.pick([0, 1, 2, 4]) { members[key()] = jsonValue(depth: depth + 1) }
            return .object(members)
        }
    }

    mutating func choice() -> Choice {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: .nothing
        case 1: .number(double())
        case 2: .named(name: string(), count: optional { $0.integer() })
        default: .pair(integer(), string())
        }
    }

    mutating func record(depth: Int = 0) -> Record {
        var map: [String: UInt64] = [:]
        for _ in 0..<generator.pick([0, 1, 3]) { map[key()] = integer() }
        var byInteger: [Int: String] = [:]
        for _ in 0..<generator.pick([0, 1, 2]) { byInteger[integer()] = string() }
        return Record(
            int: integer(), int8: integer(), int16: integer(), int32: integer(), int64: integer(),
            uint: integer(), uint8: integer(), uint16: integer(), uint32: integer(), uint64: integer(),
            double: double(), float: float(), bool: chance(0.5), string: string(),
            optionalInt: optional { $0.integer() }, optionalDouble: optional { $0.double() },
            optionalString: optional { $0.string() }, optionalBool: optional { $0.chance(0.5) },
            nestedOptional: chance(0.3) ? .none : chance(0.3) ? .some(.none) : .some(integer()),
            kind: generator.pick(Kind.allCases), tier: optional { $0.generator.pick(Tier.allCases) },
            choice: choice(), date: date(),
            numbers: list { $0.integer() }, doubles: list { $0.optional { $0.double() } },
            map: map, byInteger: byInteger, table: list { $0.list { $0.integer() } },
            value: jsonValue(),
            blob: chance(0.05) ? Data((0..<generator.pick([0, 1, 5])).map { _ in UInt8.random(in: 0...255, using: &generator) }) : nil,
            children: depth < 2 && chance(0.3) ? (0..<generator.pick([1, 2])).map { _ in record(depth: depth + 1) } : []
        )
    }
}
