import Foundation
@testable import webview_contract
import XCTest

/// The checked-in contract files are what the Swift types say now.
@MainActor
final class CheckedInContractTests: XCTestCase {
    func testEveryCheckedInContractMatchesItsSwiftTypes() async throws {
        for file in CheckedInContracts.files {
            let generated = try file.text()
            let checkedIn = try String(contentsOf: file.url, encoding: .utf8)
            XCTAssertEqual(checkedIn, generated, "\(file.path) is out of date: regenerate with `swift run webview-contract`")
        }
    }
}
