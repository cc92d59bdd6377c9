import Foundation
@testable import ScriptMessaging
@testable import WebBridge
import XCTest

/// The bridge's quick JSON coders against Foundation's: whatever they answer is Foundation's
/// answer, they answer the common shapes themselves, and they leave the rest to Foundation.
final class JSONCodingTests: XCTestCase {
    struct Flat: Codable, Equatable {
        var n: Int
        var s: String
        var d: Double
        var b: Bool
        var o: Int?
    }

    struct Nested: Codable, Equatable {
        var items: [Flat]
        var tags: [String: Int]
        var matrix: [[Double]]
        var date: Date
        var maybe: String?
        var small: UInt8
        var big: Int64
        var f: Float
        var choice: Choice
    }

    enum Choice: Codable, Equatable {
        case one(Int)
        case two(name: String)
    }

    struct WithData: Codable, Equatable { var data: Data }
    struct WithURL: Codable, Equatable { var url: URL }
    struct WithDecimal: Codable, Equatable { var amount: Decimal }

    /// A key beyond ASCII, which Foundation matches by canonical equivalence.
    struct Accented: Codable, Equatable {
        var value: Int
        enum CodingKeys: String, CodingKey { case value = "\u{E9}" }
    }

    // MARK: Decoding

    /// Decoded quickly (`quick`) or left to Foundation, the answer is Foundation's.
    private func assertDecodes<T: Decodable & Equatable>(_ type: T.Type, _ json: String, quick: Bool,
                                                         file: StaticString = #filePath, line: UInt = #line) {
        assertDecodes(type, Data(json.utf8), quick: quick, file: file, line: line)
    }

    private func assertDecodes<T: Decodable & Equatable>(_ type: T.Type, _ data: Data, quick: Bool,
                                                         file: StaticString = #filePath, line: UInt = #line) {
        let foundation = try? JSONCoders.decoder.decode(T.self, from: data)
        let fast = try? TokenDecoder.decode(T.self, from: data)
        XCTAssertEqual(fast != nil, quick, "answered quickly", file: file, line: line)
        if let fast { XCTAssertEqual(fast, foundation, file: file, line: line) }
        XCTAssertEqual(try? JSONCoders.decode(T.self, from: data), foundation, file: file, line: line)
    }

    func testCommonShapesDecodeQuicklyAsFoundationDoes() {
        assertDecodes(Flat.self, #"{"n":1,"s":"x","d":2.5,"b":true}"#, quick: true)
        assertDecodes(Flat.self, #" { "o" : null , "b":false,"d":-3e-7,"s":"","n":-0 } "#, quick: true)
        assertDecodes(Flat.self, #"{"n":9223372036854775807,"s":"a\"b\\c\/d\u00e9\ud83d\ude00\n\t","d":1E+2,"b":true,"o":4}"#, quick: true)
        assertDecodes(Flat.self, #"{"n":1,"s":"é😀 raw","d":123456789012345678,"b":true,"extra":[1,{"x":null}]}"#, quick: true)
        assertDecodes(Nested.self, """
            {"items":[{"n":1,"s":"x","d":0,"b":true}],"tags":{"a":1,"b":2},"matrix":[[1,2.5],[],[0.1]],
             "date":12.5,"maybe":"m","small":255,"big":-9007199254740993,"f":0.1,"choice":{"two":{"name":"n"}}}
            """, quick: false)
        assertDecodes([Int].self, "[1, 2, 3]", quick: true)
        assertDecodes([String: [Int]].self, #"{"a":[],"b":[1]}"#, quick: true)
        assertDecodes(Choice.self, #"{"one":{"_0":7}}"#, quick: true)
        assertDecodes(Int?.self, "null", quick: true)
        assertDecodes(String.self, #""fragment""#, quick: true)
        assertDecodes(Bool.self, "true", quick: true)
        // Dates are milliseconds since 1970, which Foundation reads for the quick coders.
        assertDecodes(Date.self, "12.5", quick: false)
        assertDecodes(Accented.self, "{\"e\u{301}\":1}", quick: true)
        assertDecodes(Accented.self, "{\"\u{E9}\":2}", quick: true)
    }

    func testDuplicateKeysDecodeToTheFirstAsInFoundation() {
        assertDecodes(Flat.self, #"{"n":1,"n":2,"s":"x","d":0,"b":true,"s":"y"}"#, quick: true)
        assertDecodes([String: Int].self, #"{"a":1,"a":2,"b":3}"#, quick: true)
        assertDecodes(JSONValue.self, #"{"a":1,"a":2}"#, quick: true)
    }

    func testLargeObjectsDecodeThroughTheirIndex() {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        assertDecodes([String: Int].self, "{\(members),\"k3\":99}", quick: true)
    }

    func testAnyJSONValueDecodesQuickly() {
        assertDecodes(JSONValue.self, #"[null,true,false,1.5,-2,"s",{"a":[{}]},[]]"#, quick: true)
        assertDecodes([JSONValue].self, #"[{"nested":{"deeper":[1,"2"]}}]"#, quick: true)
    }

    /// Integers Foundation rounds, types it decodes its own way, numbers out of range, malformed
    /// text and every error are its to answer.
    func testWhatFoundationDecodesIsLeftToIt() {
        assertDecodes(Int.self, "1.0", quick: false)
        assertDecodes(Int.self, "1e2", quick: false)
        assertDecodes(Int8.self, "300", quick: false)
        assertDecodes(UInt.self, "-1", quick: false)
        assertDecodes(Double.self, "1e400", quick: false)
        assertDecodes(Double.self, "1e-400", quick: false)
        assertDecodes(WithData.self, #"{"data":"AQID"}"#, quick: false)
        assertDecodes(WithURL.self, #"{"url":"https://example.com/a"}"#, quick: false)
        assertDecodes(WithDecimal.self, #"{"amount":1.25}"#, quick: false)
        assertDecodes(Flat.self, #"{"n":"1","s":"x","d":0,"b":true}"#, quick: false)
        assertDecodes(Flat.self, #"{"s":"x","d":0,"b":true}"#, quick: false)
        assertDecodes(Flat.self, #"{"n":null,"s":"x","d":0,"b":true}"#, quick: false)
        assertDecodes(JSONValue.self, "[1e400]", quick: false)
        for malformed in ["", "{", "[1,]", "01", "1.", "-", "+1", "[1]x", #"{"a" 1}"#, #""\ud800""#, #""\udc00x""#,
                          "\"a\u{1}b\"", #""\x""#, "nul", "tru", "{'a':1}"] {
            assertDecodes(JSONValue.self, malformed, quick: false)
        }
    }

    func testInvalidUTF8IsLeftToFoundation() {
        assertDecodes([String: Int].self, Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]), quick: false)
        assertDecodes(String.self, Data([0x22, 0xC3, 0x22]), quick: false)
    }

    func testDeepNestingIsLeftToFoundation() {
        let depth = JSONTokens.maxDepth + 10
        assertDecodes(JSONValue.self, String(repeating: "[", count: depth) + String(repeating: "]", count: depth), quick: false)
    }

    /// A type that catches a decoding error and tries another way must see Foundation's errors:
    /// the quick decoder hands over as soon as anything failed.
    func testATypeThatCatchesErrorsGetsFoundationsAnswer() {
        struct Lenient: Decodable, Equatable {
            var value: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                value = try (try? container.decode(Int.self)) ?? Int(container.decode(Double.self))
            }
        }
        assertDecodes(Lenient.self, "2.0", quick: false)
        assertDecodes(Lenient.self, "2", quick: true)
    }

    /// A string posted to a handler is read as JSON exactly when Foundation reads it so.
    func testAPostedStringIsJSONWhenFoundationReadsItSo() {
        let texts = ["1", #""s""#, #"{"a":[1,2.5]}"#, " 2 ", "1e400", "[-1e400]", "[1e-400]", "1" + String(repeating: "0", count: 400),
                     "not json", "{'a':1}", "", "[1,]", #""\ud800""#]
        for text in texts {
            let foundation = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil
            XCTAssertEqual(BridgeMessage(name: "x", body: .string(text)).json == Data(text.utf8), foundation, text)
        }
    }

    // MARK: Encoding

    /// Encoded quickly (`quick`) or left to Foundation, the text is Foundation's: the same
    /// bytes, or for objects of several members the same JSON (Foundation's member order is
    /// its dictionary's).
    private func assertEncodes<T: Encodable>(_ value: T, quick: Bool, sameBytes: Bool = true,
                                             file: StaticString = #filePath, line: UInt = #line) {
        let foundation = try? JSONCoders.encoder.encode(value)
        let fast = StreamingEncoder.encode(value).map { Data($0) }
        XCTAssertEqual(fast != nil, quick, "answered quickly", file: file, line: line)
        let ours = try? JSONCoders.encode(value)
        XCTAssertEqual(ours == nil, foundation == nil, file: file, line: line)
        guard let foundation, let ours else { return }
        if sameBytes {
            XCTAssertEqual(String(decoding: ours, as: UTF8.self), String(decoding: foundation, as: UTF8.self), file: file, line: line)
        } else {
            XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: ours),
                           try JSONDecoder().decode(JSONValue.self, from: foundation), file: file, line: line)
        }
        if sameBytes || quick {
            XCTAssertEqual(try? JSONCoders.encodeText(value), String(decoding: ours, as: UTF8.self), file: file, line: line)
        }
    }

    func testScalarsEncodeExactlyAsFoundationWritesThem() {
        for number in [0.0, -0.0, 1, 0.1, 100, 1e-7, 1e16, 1e21, 123456789012345680000, 5e-324, 1.7976931348623157e308, 12345.678, -2.5] {
            assertEncodes(number, quick: true)
        }
        for number: Float in [0.1, 1, 1e-7, 3.4028235e38, 16777216, 1e10] {
            assertEncodes(number, quick: true)
        }
        assertEncodes([Int64.min, Int64.max], quick: true)
        assertEncodes([UInt64.max], quick: true)
        assertEncodes([Int8.min], quick: true)
        assertEncodes(true, quick: true)
        assertEncodes(Int?.none, quick: true)
        assertEncodes([1, nil, 3] as [Int?], quick: true)
        assertEncodes(Date(timeIntervalSinceReferenceDate: 12.5), quick: false)
        var everyASCII = ""
        for code in 0..<0x80 { everyASCII.unicodeScalars.append(Unicode.Scalar(code)!) }
        assertEncodes([everyASCII, "é\u{2028}\u{2029}\u{FEFF}😀</script>", ""], quick: true)
    }

    func testStructuresEncodeAsFoundationDoes() {
        let flat = Flat(n: 1, s: "x/y", d: 2.5, b: true, o: nil)
        assertEncodes(["only": 1], quick: true)
        assertEncodes(flat, quick: true, sameBytes: false)
        assertEncodes(Nested(items: [flat, flat], tags: ["a": 1, "b": 2], matrix: [[1, 2], []], date: Date(timeIntervalSinceReferenceDate: 0),
                             maybe: nil, small: 7, big: -1, f: 0.5, choice: .two(name: "n")), quick: false, sameBytes: false)
        assertEncodes([Choice.one(1), .two(name: "z")], quick: true, sameBytes: false)
        assertEncodes(JSONValue.object(["a": [1, "b", nil, true], "c": ["d": 1.5]]), quick: true, sameBytes: false)
        assertEncodes([[String: Int]](), quick: true)
        assertEncodes([String: Int](), quick: true)
        let many = Dictionary(uniqueKeysWithValues: (0..<40).map { ("k\($0)", $0) })
        assertEncodes(many, quick: true, sameBytes: false)
    }

    /// A subclass encoding into its superclass's container: Foundation merges the two.
    func testContainersAskedForTwiceAreOne() {
        class Base: Encodable {
            var a = 1
            enum Keys: CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(a, forKey: .a)
            }
        }
        final class Derived: Base {
            var b = "two"
            enum MoreKeys: CodingKey { case b }
            override func encode(to encoder: any Encoder) throws {
                try super.encode(to: encoder)
                var container = encoder.container(keyedBy: MoreKeys.self)
                try container.encode(b, forKey: .b)
            }
        }
        assertEncodes(Derived(), quick: true, sameBytes: false)
    }

    /// Types Foundation encodes its own way, values it refuses, and orders of writing a
    /// stream cannot follow are its to answer.
    func testWhatFoundationEncodesIsLeftToIt() {
        assertEncodes(WithData(data: Data([1, 2, 3])), quick: false)
        assertEncodes(WithURL(url: URL(string: "https://example.com/a")!), quick: false)
        assertEncodes(WithDecimal(amount: Decimal(string: "1.25")!), quick: false)
        assertEncodes([Double.nan], quick: false)
        assertEncodes([Float.infinity], quick: false)

        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        assertEncodes(Nothing(), quick: false)
        assertEncodes([Nothing()], quick: false)

        struct Twice: Encodable {
            enum Keys: CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .b)
                try container.encode(3, forKey: .a)
            }
        }
        assertEncodes(Twice(), quick: false, sameBytes: false)

        struct FilledLater: Encodable {
            enum Keys: CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var list = container.nestedUnkeyedContainer(forKey: .a)
                try container.encode(2, forKey: .b)
                try list.encode(5)
            }
        }
        assertEncodes(FilledLater(), quick: false, sameBytes: false)

        indirect enum Deep: Encodable {
            case leaf
            case node(Deep)
            func encode(to encoder: any Encoder) throws {
                var list = encoder.unkeyedContainer()
                if case .node(let inner) = self { try list.encode(inner) }
            }
        }
        var deep = Deep.leaf
        for _ in 0..<250 { deep = .node(deep) }
        assertEncodes(deep, quick: false)
    }

    func testDuplicateNamesAreFoundAmongManyMembers() {
        struct Many: Encodable {
            struct Key: CodingKey {
                let stringValue: String
                init(stringValue: String) { self.stringValue = stringValue }
                var intValue: Int? { nil }
                init?(intValue: Int) { nil }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                for index in 0..<30 { try container.encode(index, forKey: Key(stringValue: "k\(index)")) }
                try container.encode(99, forKey: Key(stringValue: "k20"))
            }
        }
        assertEncodes(Many(), quick: false, sameBytes: false)
    }
}
