import Foundation
@testable import WebAppWindow
import XCTest

/// What a terminal would act on is printed escaped; everything else as it is.
final class TerminalTextTests: XCTestCase {
    func testControlCharactersEscapeSequencesAndLineBreaksAreEscaped() {
        XCTAssertEqual(TerminalText.escaped("\u{1b}]0;title\u{07}\u{1b}[2J\u{9b}31m"), #"\u001b]0;title\u0007\u001b[2J\u009b31m"#)
        XCTAssertEqual(TerminalText.escaped("one\ntwo\rthree\tfour\u{0}\u{7f}"), #"one\ntwo\rthree\tfour\u0000\u007f"#)
        XCTAssertEqual(TerminalText.escaped("a\u{2028}b\u{202e}c\u{2066}d"), #"a\u2028b\u202ec\u2066d"#)
    }

    func testOrdinaryTextIsKept() {
        let text = #"héllo wörld 日本 🙂 C:\path "quoted" \n"#
        XCTAssertEqual(TerminalText.escaped(text), text)
    }

    /// A console line is marked as the page's, and the page's newline cannot start another.
    func testAConsoleMessageIsOneLineMarkedAsThePages() throws {
        let json = #"{"level":"log","text":"hi\nwebview-host: error: forged","source":"app://localhost/a.js","line":1,"column":2}"#
        let message = try JSONDecoder().decode(DevelopmentConsole.Message.self, from: Data(json.utf8))
        XCTAssertEqual(message.printed, #"page console.log app://localhost/a.js:1:2: hi\nwebview-host: error: forged"#)
    }
}
