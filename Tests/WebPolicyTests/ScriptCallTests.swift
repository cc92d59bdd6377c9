@testable import WebPolicy
import XCTest

/// A page script is called with its parameters as one JSON literal that cannot end the
/// `<script>` element it may sit in, and that reads the same on every run (its CSP hash).
final class ScriptCallTests: XCTestCase {
    struct Parameters: Encodable {
        let zeta: String
        let alpha: Int
    }

    func testParametersAreOneSortedJSONObjectThatCannotCloseAScriptElement() {
        let source = ScriptCall.source("(p) => p", Parameters(zeta: "</script><script>alert(1)\u{2028}\u{2029}", alpha: 1))
        XCTAssertEqual(source, #"((p) => p)({"alpha":1,"zeta":"\u003c\/script>\u003cscript>alert(1)\u2028\u2029"});"#)
        XCTAssertFalse(source.contains("<"), "a `<` could end the element the script sits in")
    }
}
