import Foundation
import ScriptMessaging
@testable import WebBridge
import XCTest

/// Dates as JavaScript writes them: whole milliseconds since 1970 out, and in either that
/// number or `toISOString()` text; anything else names the field and what it takes.
final class DateCodingTests: XCTestCase {
    private struct Entry: Codable { var date: Date }

    func testSwiftsFractionsOfAMillisecondAreRoundedToWholeOnes() throws {
        let dates = [Date(timeIntervalSince1970: 1_796_230_241.756_228_5), Date(timeIntervalSince1970: 1_796_230_241.7564),
                     Date(timeIntervalSince1970: -0.0004), Date(timeIntervalSince1970: 12.5)]
        XCTAssertEqual(String(decoding: try JSONCoders.encode(dates), as: UTF8.self), "[1796230241756,1796230241756,0,12500]")
        // A page's whole milliseconds come back as they went.
        for milliseconds in [1_796_230_241_756, 1, -1, 253_402_300_799_999] as [Int64] {
            let date = try JSONCoders.decode(Entry.self, from: Data(#"{"date":\#(milliseconds)}"#.utf8)).date
            XCTAssertEqual(String(decoding: try JSONCoders.encode(Entry(date: date)), as: UTF8.self), #"{"date":\#(milliseconds)}"#)
        }
    }

    func testISOTextAsJavaScriptWritesItIsRead() throws {
        for (text, seconds) in [("2026-12-01T23:30:15.250Z", 1_796_167_815.25), ("1970-01-01T00:00:00Z", 0),
                                ("1969-12-31T23:59:59.999Z", -0.001), ("2000-02-29T12:00:00.5Z", 951_825_600.5)] {
            let date = try JSONCoders.decode(Entry.self, from: Data(#"{"date":"\#(text)"}"#.utf8)).date
            XCTAssertEqual(date.timeIntervalSince1970, seconds, accuracy: 0.000_01, text)
        }
        for text in ["2026-13-01T00:00:00Z", "2026-12-01 23:30:15Z", "2026-12-01T23:30:15+01:00", "yesterday", "2026-12-01T23:30:15.Z"] {
            XCTAssertThrowsError(try JSONCoders.decode(Entry.self, from: Data(#"{"date":"\#(text)"}"#.utf8)), text) { error in
                XCTAssertEqual(BridgeError.from(error).message,
                               "field 'date': expected a date: milliseconds since 1970 (date.getTime()) or ISO 8601 text (date.toISOString())")
            }
        }
    }

    /// A number is milliseconds: seconds sent by mistake are an instant in January 1970 (documented).
    func testSecondsSentByMistakeAreReadAsMilliseconds() throws {
        let date = try JSONCoders.decode(Entry.self, from: Data(#"{"date":1796230241}"#.utf8)).date
        XCTAssertEqual(date.timeIntervalSince1970, 1_796_230.241, accuracy: 0.000_1)
    }
}
