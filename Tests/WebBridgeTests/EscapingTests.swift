import Foundation
import WebBridge
import WebBridgeTesting
import XCTest

/// Arguments reach the page intact whatever they hold: the script the fake receives is
/// decoded back and compared with what was sent.
@MainActor
final class EscapingTests: XCTestCase {
    static let hostile: [String] = [
        "", "plain", "\"", "'", "\\", "\\\"", "\"; alert(1); \"", "'); alert(1); ('",
        "line\nbreak", "cr\rlf\r\n", "tab\t", "\u{2028}", "\u{2029}", "a\u{2028}b\u{2029}c",
        "</script><script>alert(1)</script>", "<!--", "-->", "\0", "nul\0inside", "\u{1}\u{1F}\u{7F}",
        "😀", "𝄞 clef", "👨‍👩‍👧‍👦", "\u{FFFF}", "\u{FEFF}bom", "${injection}", "`template`",
        "\\u0041", "\\x41", "\\n", "/*", "*/", "//", "\u{85}", "€", "日本語",
        String(decoding: [0xD800, 0x41] as [UInt16], as: UTF16.self),
        String(decoding: [0x41, 0xDC00] as [UInt16], as: UTF16.self),
    ]

    private var view: FakeWebView!
    private var bridge: WebViewBridge!

    override func setUp() async throws {
        view = FakeWebView()
        bridge = WebViewBridge(webView: view)
        view.commit()
    }

    func testHostileStringsArriveIntact() async throws {
        for string in Self.hostile {
            try await assertRoundTrip(string)
        }
    }

    func testLoneSurrogatesAreReplaced() async throws {
        let lone = String(decoding: [0xD800, 0x41] as [UInt16], as: UTF16.self)
        XCTAssertEqual(lone, "\u{FFFD}A")
        try await assertRoundTrip(lone)
    }

    func testRandomStringsArriveIntact() async throws {
        var generator = SeededGenerator(seed: 0x5EED)
        for _ in 0..<500 {
            let length = Int.random(in: 0..<40, using: &generator)
            let scalars = (0..<length).map { _ in Self.randomScalar(using: &generator) }
            try await assertRoundTrip(String(String.UnicodeScalarView(scalars)))
        }
    }

    func testEventPayloadsAreEscapedToo() async throws {
        for string in Self.hostile {
            view.evaluated = []
            try bridge.dispatch(string, ["text": string])
            try await Task.sleep(for: .milliseconds(1))
            let script = try XCTUnwrap(view.evaluated.first)
            try assertSafe(script)
            let inner = try XCTUnwrap(script.dropPrefix("window.__webViewHostBridge.__emit(")?.dropSuffix(")"))
            let decoded = try JSONDecoder().decode(EventCall.self, from: Data("[\(inner)]".utf8))
            XCTAssertEqual(decoded.name, string)
            XCTAssertEqual(decoded.payload, ["text": string])
        }
    }

    /// Sends `string` as the name and an argument of a page call and checks what the
    /// fake received decodes back to it.
    private func assertRoundTrip(_ string: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        view.evaluated = []
        try await bridge.callJavaScript(string, string, [string], ["k": string])
        let script = try XCTUnwrap(view.evaluated.first, file: file, line: line)
        try assertSafe(script, file: file, line: line)
        let inner = try XCTUnwrap(script.dropPrefix("return window.__webViewHostBridge.__call(")?.dropSuffix(")"), file: file, line: line)
        let decoded = try JSONDecoder().decode(Call.self, from: Data("[\(inner)]".utf8))
        XCTAssertEqual(decoded.name, string, file: file, line: line)
        XCTAssertEqual(decoded.arguments, Arguments(text: string, list: [string], object: ["k": string]), file: file, line: line)
    }

    /// Nothing in the script can end a string literal, a line or an inline `<script>`.
    private func assertSafe(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for bad in ["\n", "\r", "\u{2028}", "\u{2029}", "\0", "</"] {
            XCTAssertFalse(script.contains(bad), "raw \(bad.debugDescription) in \(script.debugDescription)", file: file, line: line)
        }
    }

    private static func randomScalar(using generator: inout SeededGenerator) -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF,
                                            0x2028...0x2029, 0...0x20]
        let range = ranges.randomElement(using: &generator)!
        return Unicode.Scalar(UInt32.random(in: range, using: &generator))!
    }
}

private struct Arguments: Decodable, Equatable {
    var text: String
    var list: [String]
    var object: [String: String]

    init(text: String, list: [String], object: [String: String]) {
        self.text = text
        self.list = list
        self.object = object
    }

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        text = try container.decode(String.self)
        list = try container.decode([String].self)
        object = try container.decode([String: String].self)
    }
}

private struct Call: Decodable {
    var name: String
    var arguments: Arguments

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        name = try container.decode(String.self)
        arguments = try container.decode(Arguments.self)
    }
}

private struct EventCall: Decodable {
    var name: String
    var payload: [String: String]

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        name = try container.decode(String.self)
        payload = try container.decode([String: String].self)
    }
}

extension String {
    func dropPrefix(_ prefix: String) -> String? { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil }
    func dropSuffix(_ suffix: String) -> String? { hasSuffix(suffix) ? String(dropLast(suffix.count)) : nil }
}
