import Foundation
import ScriptMessaging
import XCTest

/// `JSONValue`: any JSON value, decoded without loss of kind, encoded back as it came, and
/// compared as the value it is.
final class JSONValueTests: XCTestCase {
    private func decode(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    private func encode(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: Parsing

    func testEveryKindDecodesAsItself() throws {
        XCTAssertEqual(try decode("null"), .null)
        XCTAssertEqual(try decode("true"), .bool(true))
        XCTAssertEqual(try decode("false"), .bool(false))
        XCTAssertEqual(try decode("-2.5e3"), .number(-2500))
        XCTAssertEqual(try decode(#""text""#), .string("text"))
        XCTAssertEqual(try decode("[]"), .array([]))
        XCTAssertEqual(try decode("{}"), .object([:]))
        XCTAssertEqual(try decode(#"{"a":[1,{"b":null}],"c":"d"}"#),
                       .object(["a": .array([.number(1), .object(["b": .null])]), "c": .string("d")]))
    }

    /// `true` stays a Bool and `1` a number, and a string holding either stays a string.
    func testKindsAreNotConfused() throws {
        XCTAssertEqual(try decode(#"[true,1,0,"true","1",false,null,"null"]"#),
                       [.bool(true), .number(1), .number(0), .string("true"), .string("1"), .bool(false), .null, .string("null")])
        XCTAssertNotEqual(JSONValue.bool(true), .number(1))
        XCTAssertNotEqual(JSONValue.string("1"), .number(1))
        XCTAssertNotEqual(JSONValue.null, .string("null"))
        XCTAssertNotEqual(JSONValue.array([]), .object([:]))
    }

    func testStringsDecodeWithEveryEscape() throws {
        XCTAssertEqual(try decode(#""\"\\\/\b\f\n\r\t\u0000\u00e9\ud83d\ude00""#), .string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{E9}\u{1F600}"))
    }

    /// Numbers are Doubles: an integer beyond 2^53 comes back rounded, as in JavaScript.
    func testNumbersAreDoubles() throws {
        XCTAssertEqual(try decode("9007199254740993"), .number(9007199254740992))
        XCTAssertEqual(try decode("1e308"), .number(1e308))
        XCTAssertEqual(try decode("5e-324"), .number(5e-324))
        guard case .number(let negativeZero) = try decode("-0") else { return XCTFail("not a number") }
        XCTAssertEqual(negativeZero.sign, .minus)
    }

    func testTextThatIsNotJSONFails() {
        for text in ["", "{", "[1 2]", "nul", "'a'", "{\"a\" 1}", "1e400", "NaN"] {
            XCTAssertThrowsError(try decode(text), text)
        }
    }

    /// As a member of a larger value, it takes whatever the member holds.
    func testItDecodesAsAMember() throws {
        struct Message: Decodable { var name: String; var payload: JSONValue }
        let message = try JSONDecoder().decode(Message.self, from: Data(#"{"name":"n","payload":{"deep":[true]}}"#.utf8))
        XCTAssertEqual(message.name, "n")
        XCTAssertEqual(message.payload, ["deep": [true]])
    }

    // MARK: Encoding

    func testItEncodesAsItCame() throws {
        XCTAssertEqual(try encode(.null), "null")
        XCTAssertEqual(try encode(.bool(false)), "false")
        XCTAssertEqual(try encode(.number(1)), "1")
        XCTAssertEqual(try encode(.number(0.5)), "0.5")
        XCTAssertEqual(try encode(.string("a/\u{0}")), #""a\/\u0000""#)
        XCTAssertEqual(try encode(["b": [1, nil], "a": ["x": "y"]]), #"{"a":{"x":"y"},"b":[1,null]}"#)
        let text = #"{"a":[1,2.5,"s",true,null,{}],"b":{"c":[]}}"#
        XCTAssertEqual(try encode(try decode(text)), text)
    }

    /// A number JSON cannot hold is refused, not written as something else.
    func testNonFiniteNumbersDoNotEncode() {
        XCTAssertThrowsError(try encode(.number(.nan)))
        XCTAssertThrowsError(try encode([.number(.infinity)]))
    }

    // MARK: Literals

    func testLiteralsMakeTheMatchingCase() {
        XCTAssertEqual(nil as JSONValue, .null)
        XCTAssertEqual(true as JSONValue, .bool(true))
        XCTAssertEqual(3 as JSONValue, .number(3))
        XCTAssertEqual(1.5 as JSONValue, .number(1.5))
        XCTAssertEqual("s" as JSONValue, .string("s"))
        XCTAssertEqual([1, "a", nil] as JSONValue, .array([.number(1), .string("a"), .null]))
        XCTAssertEqual(["k": false] as JSONValue, .object(["k": .bool(false)]))
    }

    /// A dictionary literal naming a key twice keeps the last, as a JavaScript object literal does.
    func testADictionaryLiteralKeepsTheLastOfADuplicateKey() {
        XCTAssertEqual(["a": 1, "b": 2, "a": 3] as JSONValue, .object(["a": 3, "b": 2]))
    }

    // MARK: Equality

    func testEqualityIsByValue() {
        XCTAssertEqual(JSONValue.object(["a": 1, "b": 2]), .object(["b": 2, "a": 1]))
        XCTAssertNotEqual(JSONValue.array([1, 2]), .array([2, 1]))
        XCTAssertEqual(JSONValue.number(1), .number(1.0))
        XCTAssertEqual(JSONValue.number(0), .number(-0.0))
        XCTAssertNotEqual(JSONValue.number(.nan), .number(.nan))
        XCTAssertNotEqual(JSONValue.object(["a": nil]), .object([:]))
        // Canonically equivalent strings are one string to Swift, so one key.
        XCTAssertEqual(JSONValue.string("\u{E9}"), .string("e\u{301}"))
    }

    func testEqualValuesHashAlike() {
        let values: Set<JSONValue> = [["b": 2, "a": 1], ["a": 1, "b": 2], [1, 2], [2, 1], 1, 1.0, true, "1", nil]
        XCTAssertEqual(values.count, 7)
        XCTAssertTrue(values.contains(["a": 1, "b": 2]))
        XCTAssertFalse(values.contains(false))
    }
}
