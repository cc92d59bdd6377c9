import Foundation
import WebBridge
import XCTest

/// The page's type of a rejection's code, `BridgeErrorCode` in bridge.d.ts, names every code
/// the Swift side sends, so a page's `switch (error.code)` can be checked against all of them.
final class ErrorCodeDeclarationTests: XCTestCase {
    func testBridgeDTSDeclaresEveryCodeSwiftSends() throws {
        let declaration = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/WebBridge/JavaScript/bridge.d.ts").standardizedFileURL
        let text = try String(contentsOf: declaration, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "export type BridgeErrorCode ="), "no BridgeErrorCode in bridge.d.ts")
        // One `| "code"` line each.
        let lines = text[start.upperBound...].split(separator: "\n")
            .map { $0.drop { $0 == " " } }.prefix { $0.hasPrefix("| \"") }
        let declared = Set(lines.map { String($0.dropFirst(3).prefix { $0 != "\"" }) })
        XCTAssertEqual(declared, Set(BridgeError.Code.allCases.map(\.rawValue)))
    }
}
