import Foundation
import ScriptMessaging
import XCTest

/// `MessageBody`: what a page posted, kept as it came, and its size in bytes.
final class MessageBodyTests: XCTestCase {
    func testByteCountIsThePayloadsUTF8Size() {
        XCTAssertEqual(MessageBody.string("").byteCount, 0)
        XCTAssertEqual(MessageBody.string("abc").byteCount, 3)
        XCTAssertEqual(MessageBody.string("\u{E9}").byteCount, 2)
        XCTAssertEqual(MessageBody.string("e\u{301}").byteCount, 3)
        XCTAssertEqual(MessageBody.string("\u{1F600}\u{0}").byteCount, 5)
        XCTAssertEqual(MessageBody.json(Data(#"{"a":1}"#.utf8)).byteCount, 7)
        XCTAssertEqual(MessageBody.json(Data()).byteCount, 0)
        XCTAssertEqual(MessageBody.undefined.byteCount, 0)
    }

    /// A posted string that holds JSON stays a string: it is not the JSON it spells.
    func testAStringIsNotTheJSONItSpells() {
        XCTAssertNotEqual(MessageBody.string("1"), .json(Data("1".utf8)))
        XCTAssertNotEqual(MessageBody.string(""), .undefined)
        XCTAssertNotEqual(MessageBody.json(Data("null".utf8)), .undefined)
    }

    func testEqualityIsByContent() {
        XCTAssertEqual(MessageBody.string("x"), .string("x"))
        XCTAssertEqual(MessageBody.json(Data([0x31])), .json(Data("1".utf8)))
        XCTAssertNotEqual(MessageBody.json(Data("[1]".utf8)), .json(Data("[ 1 ]".utf8)))
        XCTAssertEqual(MessageBody.undefined, .undefined)
    }
}
