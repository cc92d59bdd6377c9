import Foundation
import ScriptMessaging
@testable import WebBridge
import XCTest

/// The bridge's quick JSON coders pinned to Foundation's on thousands of random values and
/// on every edge case (see `CoderDifferential` for what agreeing means). Deterministic: the
/// seed is fixed, printed with every failure, and another can be tried with
/// `JSON_DIFFERENTIAL_SEED=<number> swift test --filter JSONCodingDifferentialTests`.
final class JSONCodingDifferentialTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["JSON_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 20_261_201
    static let cases = 100

    /// The seed of case `index`, so one case replays alone.
    static func seed(ofCase index: Int) -> UInt64 {
        seed &* 0x100_0000_01B3 &+ UInt64(index)
    }

    func testRandomValuesCodeAsFoundationCodesThem() {
        var total = CoderDifferential.Tally()
        for index in 0..<Self.cases {
            let seed = Self.seed(ofCase: index)
            var values = RandomValues(generator: SeededGenerator(seed: seed))
            var differential = CoderDifferential(label: "JSON_DIFFERENTIAL_SEED=\(Self.seed) case \(index) (seed \(seed))",
                                                 seed: ~seed)
            differential.spellings = 1
            let record = values.record()
            differential.check(record, "record", alsoAs: [Probe<JSONValue>(), Probe<[String: JSONValue]>()])
            differential.check(record.children, "children")
            differential.check(record.value, "value", alsoAs: [Probe<[String: String]>(), Probe<[Double]>(), Probe<String>()])
            differential.check(record.numbers, "numbers",
                               alsoAs: [Probe<[Int8]>(), Probe<[UInt64]>(), Probe<[Int32]>(), Probe<[Double]>(), Probe<[Float]>(), Probe<JSONValue>()])
            differential.check(record.doubles, "doubles", alsoAs: [Probe<[Float?]>(), Probe<[Int?]>(), Probe<[Date?]>()])
            differential.check(record.map, "map", alsoAs: [Probe<[String: Int64]>(), Probe<[String: Double]>(), Probe<[Int: UInt64]>()])
            differential.check(record.byInteger, "byInteger", alsoAs: [Probe<[String: String]>(), Probe<[UInt8: String]>()])
            differential.check(record.table, "table", alsoAs: [Probe<[[UInt8]]>(), Probe<[[Double]]>()])
            differential.check(record.choice, "choice")
            differential.check(record.kind, "kind", alsoAs: [Probe<Tier>(), Probe<String>()])
            differential.check(record.tier, "tier", alsoAs: [Probe<Kind>(), Probe<Int64>(), Probe<Int>()])
            differential.check(record.nestedOptional, "nestedOptional", alsoAs: [Probe<Int?>()])
            differential.check(record.date, "date", alsoAs: [Probe<Double>()])
            differential.check(record.string, "string", alsoAs: [Probe<Kind>(), Probe<JSONValue>()])
            differential.check(record.double, "double", alsoAs: [Probe<Float>(), Probe<Int64>(), Probe<UInt64>(), Probe<Date>()])
            differential.check(record.float, "float", alsoAs: [Probe<Double>(), Probe<Int32>()])
            differential.check(record.int64, "int64", alsoAs: [Probe<Int8>(), Probe<UInt64>(), Probe<Double>(), Probe<Tier>()])
            differential.check(record.uint64, "uint64", alsoAs: [Probe<Int64>(), Probe<UInt32>(), Probe<Float>()])
            differential.check(record.blob, "blob")
            total = total + differential.tally
        }
        // Not vacuous: the quick coders answered most cases themselves.
        XCTAssertGreaterThan(total.decodes, 5000, "\(total)")
        XCTAssertGreaterThan(Double(total.quickDecodes) / Double(total.decodes), 0.3, "\(total)")
        XCTAssertGreaterThan(Double(total.quickEncodes) / Double(total.encodes), 0.8, "\(total)")
    }

    /// Each edge case alone, spelt many ways.
    func testEdgeCasesCodeAsFoundationCodesThem() {
        var differential = CoderDifferential(label: "edge cases", seed: Self.seed)
        differential.spellings = 3
        for number in RandomValues.edgeDoubles {
            differential.check(number, "\(number)", alsoAs: [Probe<Float>(), Probe<Int>(), Probe<Int64>(), Probe<UInt64>(), Probe<JSONValue>()])
            differential.check([number, -number], "[\(number)]", alsoAs: [Probe<[Float]>(), Probe<[Int8]>()])
        }
        for number in RandomValues.edgeFloats {
            differential.check(number, "\(number)", alsoAs: [Probe<Double>(), Probe<Int16>()])
        }
        differential.check([Int64.min, Int64.max, 0, -1], "Int64 bounds", alsoAs: [Probe<[Int]>(), Probe<[UInt64]>(), Probe<[Double]>()])
        differential.check([UInt64.max, UInt64.max - 1, 0], "UInt64 bounds", alsoAs: [Probe<[Int64]>(), Probe<[UInt]>(), Probe<[Double]>()])
        differential.check([Int8.min, Int8.max], "Int8 bounds", alsoAs: [Probe<[UInt8]>(), Probe<[Int16]>()])
        differential.check([Int16.min, Int16.max], "Int16 bounds", alsoAs: [Probe<[Int8]>(), Probe<[UInt16]>()])
        differential.check([Int32.min, Int32.max], "Int32 bounds", alsoAs: [Probe<[Int16]>(), Probe<[UInt32]>()])
        differential.check([UInt16(UInt8.max), UInt16.max], "UInt16 bounds", alsoAs: [Probe<[UInt8]>()])
        differential.check([UInt32.max], "UInt32 bounds", alsoAs: [Probe<[Int32]>()])
        for character in RandomValues.characters {
            differential.check(character, "character \(character.debugDescription)", alsoAs: [Probe<JSONValue>()])
            differential.check([character: character], "key \(character.debugDescription)", alsoAs: [Probe<JSONValue>()])
        }
        differential.check(RandomValues.characters.joined(), "every character")
        let oddKeys = Dictionary(RandomValues.oddKeys.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        differential.check(oddKeys, "odd keys", alsoAs: [Probe<JSONValue>(), Probe<[String: Double]>()])
        for key in RandomValues.oddKeys {
            differential.check([key: key], "odd key \(key.debugDescription)", alsoAs: [Probe<[Int: String]>()])
        }
        for optional: Int?? in [.none, .some(.none), .some(1)] {
            differential.check(optional, "\(String(describing: optional))")
            differential.check([optional], "[\(String(describing: optional))]")
        }
        for kind in Kind.allCases { differential.check(kind, "\(kind)") }
        for tier in Tier.allCases { differential.check(tier, "\(tier)") }
        for choice: Choice in [.nothing, .number(-0.0), .named(name: "\u{0}", count: nil), .named(name: "", count: 255), .pair(.min, "/")] {
            differential.check(choice, "\(choice)")
        }
        for seconds in [0, -0.0, 1e308, -1e308, 5e-324, 978307200, 12.5] {
            differential.check(Date(timeIntervalSinceReferenceDate: seconds), "date \(seconds)")
        }
        differential.check(Data(), "empty data")
        differential.check(Data([0, 1, 2, 255]), "data", alsoAs: [Probe<String>()])
        differential.check(JSONValue.object(["a": [1, "b", nil, true], "": ["": -0.0]]), "JSON value")
        XCTAssertGreaterThan(differential.tally.quickDecodes, 100, "\(differential.tally)")
    }

    /// Texts no encoder writes, each decoded as every type it could be.
    func testHandWrittenTextsDecodeAsFoundationDecodesThem() {
        var differential = CoderDifferential(label: "hand-written texts", seed: Self.seed)
        let numbers = ["1.0", "1e0", "0e1", "0.0e1", "-0.0e1", "0.00E+2", "0e-1", "-0e0", "10E-1", "1E+0", "-0", "-0.0", "0.0e5", "1.5", "100e-2", "1e2", "01", "1.", "-", "+1", ".5",
                       "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                       "18446744073709551615", "18446744073709551616", "9223372036854775807.0", "1e19", "1e20",
                       "1e308", "1e309", "-1e309", "1e-400", "4.9e-324", "2.4703282292062328e-324", "2.4703282292062327e-324",
                       "2.2250738585072011e-308", "3.4028235e38", "3.4028236e38", "3.5e38", "1e-46", "1.4e-45", "0e999999",
                       "1" + String(repeating: "0", count: 400), "0." + String(repeating: "0", count: 400) + "1",
                       "123456789012345678901234567890", "0.1000000000000000055511151231257827", "NaN", "Infinity", "-Infinity"]
        for number in numbers {
            let text = Data(number.utf8), list = Data("[\(number)]".utf8), member = Data(#"{"a":\#(number)}"#.utf8)
            differential.checkDecode(Int.self, text, number)
            differential.checkDecode(Int8.self, text, number)
            differential.checkDecode(UInt8.self, text, number)
            differential.checkDecode(Int64.self, text, number)
            differential.checkDecode(UInt64.self, text, number)
            differential.checkDecode(UInt.self, text, number)
            differential.checkDecode(Double.self, text, number)
            differential.checkDecode(Float.self, text, number)
            differential.checkDecode(Date.self, text, number)
            differential.checkDecode(JSONValue.self, text, number)
            differential.checkDecode([Int32].self, list, number)
            differential.checkDecode([Double?].self, list, number)
            differential.checkDecode([String: Int].self, member, number)
            differential.checkDecode([String: Float].self, member, number)
            differential.checkDecode(Tier.self, text, number)
        }
        let strings = [#""\ud800""#, #""\udc00""#, #""\udc00\ud800""#, #""\ud83d\ude00""#, #""\uD83D\uDE00""#, #""\ud83d""#, #""\ud83dx""#,
                       #""\ud83d\u0041""#, #""\u0000""#, "\"\u{0}\"", "\"a\u{1}b\"", "\"\u{7F}\"", #""\x""#, #""\'""#, #""\U0041""#,
                       #""\u004""#, #""\u00e9""#, "\"e\u{301}\"", #""\/\\\"\b\f\n\r\t""#, #""\uFEFF""#, "\"\u{FEFF}\"", #"""#, #""abc"#]
        for string in strings {
            let text = Data(string.utf8)
            differential.checkDecode(String.self, text, string)
            differential.checkDecode(JSONValue.self, text, string)
            differential.checkDecode(Kind.self, text, string)
            differential.checkDecode([String].self, Data("[\(string)]".utf8), string)
            differential.checkDecode([String: Int].self, Data("{\(string):1}".utf8), string)
        }
        let objects = [#"{"a":1,"a":2}"#, "{\"\u{E9}\":1,\"e\u{301}\":2}", "{\"e\u{301}\":1,\"\u{E9}\":2}", #"{"\u00e9":1,"é":2}"#,
                       #"{"":1}"#, #"{"\u0000":1,"":2}"#, #"{"1":"a","01":"b","-0":"c"}"#, #"{"a":null}"#, #"{}"#, #"{"a":1,}"#,
                       "\u{FEFF}{}", " \t\r\n{ } \n", #"{"a":1}{"#, #"{"a" : [ ] , "b" : { } }"#]
        for object in objects {
            let text = Data(object.utf8)
            differential.checkDecode([String: Int].self, text, object)
            differential.checkDecode([String: Int?].self, text, object)
            differential.checkDecode([Int: String].self, text, object)
            differential.checkDecode([String: JSONValue].self, text, object)
            differential.checkDecode(JSONValue.self, text, object)
        }
        for type in ["null", "true", "false", "nul", "truex", "[]", "[null]", "[true,false]", "", " "] {
            let text = Data(type.utf8)
            differential.checkDecode(Bool.self, text, type)
            differential.checkDecode(Bool?.self, text, type)
            differential.checkDecode(Int??.self, text, type)
            differential.checkDecode([Bool].self, text, type)
            differential.checkDecode(JSONValue.self, text, type)
        }
        XCTAssertGreaterThan(differential.tally.quickDecodes, 50, "\(differential.tally)")
    }
}
