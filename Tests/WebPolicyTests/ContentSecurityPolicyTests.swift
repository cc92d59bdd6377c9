@testable import WebPolicy
import XCTest

/// Sources added to a policy land in the right directive and nowhere else.
final class ContentSecurityPolicyTests: XCTestCase {
    func testAddsToAnExistingDirective() {
        XCTAssertEqual(ContentSecurityPolicy.adding("http://127.0.0.1:9", to: "media-src",
                                                    in: "default-src 'self'; media-src 'self' blob:"),
                       "default-src 'self'; media-src 'self' blob: http://127.0.0.1:9")
    }

    func testMissingDirectiveStartsFromDefaultSource() {
        XCTAssertEqual(ContentSecurityPolicy.adding("'sha256-x'", to: "script-src", in: "default-src 'self'; img-src data:"),
                       "default-src 'self'; img-src data:; script-src 'self' 'sha256-x'")
        XCTAssertEqual(ContentSecurityPolicy.adding("'sha256-x'", to: "script-src", in: "default-src 'none'"),
                       "default-src 'none'; script-src 'sha256-x'")
    }

    func testPolicyWithoutEitherIsLeftAlone() {
        XCTAssertEqual(ContentSecurityPolicy.adding("x", to: "media-src", in: "img-src 'self'"), "img-src 'self'")
    }

    func testAddsOnce() {
        let once = ContentSecurityPolicy.adding("x", to: "media-src", in: "media-src 'self'")
        XCTAssertEqual(ContentSecurityPolicy.adding("x", to: "media-src", in: once), "media-src 'self' x")
    }
}
