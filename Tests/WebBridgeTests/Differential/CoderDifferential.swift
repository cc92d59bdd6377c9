import Foundation
@testable import ScriptMessaging
@testable import WebBridge
import XCTest

/// Codes values with the bridge's coders (`StreamingEncoder` and `TokenDecoder` alone, and
/// `JSONCoders`, which falls back to Foundation) and with Foundation's, and fails the test
/// wherever they disagree, naming the seed that replays the case.
///
/// Agreement means: an encoded text is Foundation's byte for byte, or, where an object has
/// several members (whose order Foundation leaves to its dictionary), the same tokens in
/// another member order; a decoded value is Foundation's (`==`, and the same text when
/// Foundation encodes both, which tells `-0.0` from `0`); an error is Foundation's, of the
/// same kind; and a quick coder answers only where Foundation succeeds.
struct CoderDifferential {
    /// Printed with every failure: how to replay the case.
    let label: String
    var spelling: JSONSpelling
    /// Spellings decoded per encoded value.
    var spellings = 2
    private(set) var tally = Tally()

    struct Tally {
        var encodes = 0, quickEncodes = 0, decodes = 0, quickDecodes = 0

        static func + (lhs: Tally, rhs: Tally) -> Tally {
            Tally(encodes: lhs.encodes + rhs.encodes, quickEncodes: lhs.quickEncodes + rhs.quickEncodes,
                  decodes: lhs.decodes + rhs.decodes, quickDecodes: lhs.quickDecodes + rhs.quickDecodes)
        }
    }

    init(label: String, seed: UInt64) {
        self.label = label
        spelling = JSONSpelling(generator: SeededGenerator(seed: seed))
    }

    /// Encodes `value` both ways, then decodes Foundation's text, spelt anew, both ways as
    /// `T` and as each of `others`.
    mutating func check<T: Codable & Equatable>(_ value: T, _ what: String, alsoAs others: [any DecodableProbe] = [],
                                                file: StaticString = #filePath, line: UInt = #line) {
        // Made only for a failure: the text of every case would cost more than the case.
        func context() -> String { "\(label), \(what) (\(T.self))" }
        tally.encodes += 1
        let foundation = Result { try JSONCoders.encoder.encode(value) }
        let bridge = Result { try JSONCoders.encode(value) }
        switch (foundation, bridge) {
        case (.success(let expected), .success(let actual)):
            assertSameText(Array(actual), Array(expected), "JSONCoders.encode, \(context())", file: file, line: line)
            if let text = try? JSONCoders.encodeText(value) {
                assertSameText(Array(text.utf8), Array(expected), "JSONCoders.encodeText, \(context())", file: file, line: line)
            } else {
                XCTFail("JSONCoders.encodeText failed where encode did not; \(context())", file: file, line: line)
            }
        case (.failure(let expected), .failure(let actual)):
            XCTAssertEqual(Self.kind(of: actual), Self.kind(of: expected), "encode error, \(context())", file: file, line: line)
        default:
            XCTFail("JSONCoders.encode gave \(bridge), Foundation \(foundation); \(context())", file: file, line: line)
        }
        if let quick = StreamingEncoder.encode(value) {
            tally.quickEncodes += 1
            if case .success(let expected) = foundation {
                assertSameText(quick, Array(expected), "StreamingEncoder, \(context())", file: file, line: line)
            } else {
                XCTFail("StreamingEncoder answered \(Self.show(quick)) where Foundation fails; \(context())", file: file, line: line)
            }
        }
        guard case .success(let text) = foundation, let tree = JSONTree(parsing: Array(text)) else { return }
        for _ in 0..<spellings {
            let spelt = Data(spelling.spell(tree))
            checkDecode(T.self, spelt, what, file: file, line: line)
            for other in others { other.check(in: &self, spelt, what, file: file, line: line) }
        }
    }

    /// Decodes `json` as `T` both ways.
    mutating func checkDecode<T: Codable & Equatable>(_ type: T.Type, _ json: Data, _ what: String,
                                                      file: StaticString = #filePath, line: UInt = #line) {
        func context() -> String { "\(label), \(what) as \(T.self) from \(Self.show(Array(json)))" }
        tally.decodes += 1
        let foundation = Result { try JSONCoders.decoder.decode(T.self, from: json) }
        let bridge = Result { try JSONCoders.decode(T.self, from: json) }
        if let quick = try? TokenDecoder.decode(T.self, from: json) {
            tally.quickDecodes += 1
            switch foundation {
            case .success(let expected): assertSame(quick, expected, sameText: true, "TokenDecoder, \(context())", file: file, line: line)
            case .failure(let error):
                XCTFail("TokenDecoder answered \(quick) where Foundation fails (\(Self.kind(of: error))); \(context())", file: file, line: line)
            }
        }
        switch (foundation, bridge) {
        case (.success(let expected), .success(let actual)):
            assertSame(actual, expected, sameText: false, "JSONCoders.decode, \(context())", file: file, line: line)
        case (.failure(let expected), .failure(let actual)):
            XCTAssertEqual(Self.kind(of: actual), Self.kind(of: expected), "decode error, \(context())", file: file, line: line)
        default:
            XCTFail("JSONCoders.decode gave \(bridge), Foundation \(foundation); \(context())", file: file, line: line)
        }
    }

    /// `==`, and with `sameText` the same canonical text too.
    private func assertSame<T: Encodable & Equatable>(_ actual: T, _ expected: T, sameText: Bool,
                                                      _ context: @autoclosure () -> String, file: StaticString, line: UInt) {
        XCTAssertEqual(actual, expected, context(), file: file, line: line)
        guard sameText else { return }
        let actualText = Self.canonicalText(actual), expectedText = Self.canonicalText(expected)
        if actualText != expectedText {
            XCTFail("\(actualText.map(Self.show) ?? "nil") is not \(expectedText.map(Self.show) ?? "nil"); \(context())", file: file, line: line)
        }
    }

    private func assertSameText(_ actual: [UInt8], _ expected: [UInt8], _ context: @autoclosure () -> String,
                                file: StaticString, line: UInt) {
        guard actual != expected else { return }
        guard let expectedTree = JSONTree(parsing: expected) else {
            return XCTFail("Foundation wrote what the test cannot read: \(Self.show(expected)); \(context())", file: file, line: line)
        }
        if expectedTree.hasUnorderedMembers, let actualTree = JSONTree(parsing: actual), actualTree.canonical == expectedTree.canonical {
            return
        }
        XCTFail("\(Self.show(actual)) is not \(Self.show(expected)); \(context())", file: file, line: line)
    }

    /// Foundation's text of `value`, members sorted (its own `.sortedKeys` does not sort
    /// here), so it tells `-0.0` from `0` where `==` does not.
    private static func canonicalText<T: Encodable>(_ value: T) -> [UInt8]? {
        (try? JSONCoders.encoder.encode(value)).flatMap { JSONTree(parsing: Array($0)) }.map(\.canonical)
    }

    /// An error's kind, which is what must agree. (Not its coding path: decoding a dictionary,
    /// Foundation meets its members in hash order, so of two bad ones it may name either.)
    static func kind(of error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch: "typeMismatch"
        case DecodingError.valueNotFound: "valueNotFound"
        case DecodingError.keyNotFound: "keyNotFound"
        case DecodingError.dataCorrupted: "dataCorrupted"
        case EncodingError.invalidValue: "invalidValue"
        default: "\(type(of: error))"
        }
    }

    /// Text as a Swift literal would show it, every byte visible, cut short past 400 bytes.
    static func show(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription
        return bytes.count > 400 ? text + "…" : text
    }
}

/// Another type to decode a spelt text as, so one text also probes mismatched shapes.
protocol DecodableProbe {
    func check(in differential: inout CoderDifferential, _ json: Data, _ what: String, file: StaticString, line: UInt)
}

/// Decodes as `T`.
struct Probe<T: Codable & Equatable>: DecodableProbe {
    func check(in differential: inout CoderDifferential, _ json: Data, _ what: String, file: StaticString, line: UInt) {
        differential.checkDecode(T.self, json, what, file: file, line: line)
    }
}
