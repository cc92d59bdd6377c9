@testable import WebPolicy
import XCTest

/// What the app scheme hashes into a served file's policy: the text of each inline script and
/// style and the value of each event-handler attribute, as the parser hands it over, and
/// nothing that is not one.
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

    func testEventHandlerValuesAreFoundDecodedAsTheParserDecodesThem() {
        let found = InlineElements(html: Array("""
            <!doctype html><button onclick="go(&quot;a&quot;, &#39;b&#x27;)" ONMOUSEOVER='x()'>b</button>
            <img src=a.png onerror=fail() alt="on="><div title="<i onclick='no()'>" data-onclick="no()"></div>
            <!-- <p onclick="commented()"> --><script>var s = '<b onclick="inScript()">';</script>
            <a onclick="keep(&copy;) &amp;&amp; line\r\ntwo"></a><p onclick>
            """.utf8))
        XCTAssertEqual(found.eventHandlers.map { String(decoding: $0, as: UTF8.self) },
                       ["go(\"a\", 'b')", "x()", "fail()", "keep(&copy;) && line\ntwo", ""])
        XCTAssertEqual(found.scripts.map { String(decoding: $0, as: UTF8.self) }, ["var s = '<b onclick=\"inScript()\">';"])
    }

    func testScriptTagNameEndsAreWhereANonceCanGo() {
        let html = Array("<!doctype html>\n<SCRIPT src=a.js></SCRIPT><script\n>x()</script><style>s</style>".utf8)
        let ends = InlineElements(html: html).scriptTagNameEnds
        XCTAssertEqual(ends.map { String(decoding: html[($0 - 7)..<$0], as: UTF8.self) }, ["<SCRIPT", "<script"])
    }

    func testHandlerHashesGoInScriptSrcAttrWithUnsafeHashesOnly() {
        let policy = "default-src 'self'; script-src 'self' 'sha256-s'"
        XCTAssertEqual(ContentSecurityPolicy.allowingEventHandlers(["'sha256-a'", "'sha256-a'"], of: policy),
                       policy + "; script-src-attr 'unsafe-hashes' 'sha256-a'")
        XCTAssertEqual(ContentSecurityPolicy.allowingEventHandlers(["'sha256-b'"], of: "script-src-attr 'none'; default-src 'self'"),
                       "script-src-attr 'none' 'unsafe-hashes' 'sha256-b'; default-src 'self'")
        XCTAssertEqual(ContentSecurityPolicy.allowingEventHandlers(["'sha256-c'"], of: "default-src 'self'"),
                       "default-src 'self'; script-src-attr 'unsafe-hashes' 'sha256-c'")
        for unchanged in ["script-src 'self' 'unsafe-inline'", "default-src * 'unsafe-inline'", "img-src 'self'"] {
            XCTAssertEqual(ContentSecurityPolicy.allowingEventHandlers(["'sha256-d'"], of: unchanged), unchanged)
        }
        XCTAssertEqual(ContentSecurityPolicy.allowingEventHandlers([], of: policy), policy)
        XCTAssertTrue(ContentSecurityPolicy.directive("script-src", of: "default-src 'self' 'STRICT-DYNAMIC'", contains: "'strict-dynamic'"))
        XCTAssertFalse(ContentSecurityPolicy.directive("script-src", of: "script-src 'self'; default-src 'strict-dynamic'", contains: "'strict-dynamic'"))
    }
}
