@testable import WebPolicy
import XCTest

/// What the app scheme hashes into a served file's policy: the text of each inline script and
/// style, as the parser hands it over, and nothing that is not one.
final class InlineElementsTests: XCTestCase {
    private func scan(_ html: String) -> (scripts: [String], styles: [String]) {
        let found = InlineElements(html: Array(html.utf8))
        return (found.scripts.map { String(decoding: $0, as: UTF8.self) }, found.styles.map { String(decoding: $0, as: UTF8.self) })
    }

    func testInlineScriptsAndStylesAreFoundWithTheirExactText() {
        let found = scan("""
            <!doctype html><STYLE media="x">a { b: c }</style><script>one()</script>\r\n\
            <script type="module" data-x='>'>two()\r\nthree()\rfour()</SCRIPT><script src="x.js"></script>\
            <script src=x.js defer>ignored()</script><!-- <script>commented()</script> --><scripts>not()</scripts>\
            <script
            >five("</scrip")</script><script>unclosed()
            """)
        XCTAssertEqual(found.scripts, ["one()", "two()\nthree()\nfour()", "five(\"</scrip\")", "unclosed()"])
        XCTAssertEqual(found.styles, ["a { b: c }"])
    }

    func testHashesGoWhereUnsafeInlineDoesNotAllowEveryInlineElementAlready() {
        let policy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'"
        XCTAssertEqual(ContentSecurityPolicy.allowingInline(["'sha256-a'", "'sha256-b'"], in: "script-src", of: policy),
                       "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self' 'unsafe-inline'")
        XCTAssertEqual(ContentSecurityPolicy.allowingInline(["'sha256-c'"], in: "style-src", of: policy), policy)
        XCTAssertEqual(ContentSecurityPolicy.allowingInline(["'sha256-d'"], in: "style-src", of: "default-src 'self'"),
                       "default-src 'self'; style-src 'self' 'sha256-d'")
        XCTAssertEqual(ContentSecurityPolicy.allowingInline([], in: "script-src", of: policy), policy)
    }
}
