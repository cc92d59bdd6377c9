import DesktopServices
import XCTest

/// Which names an app may declare as its URL scheme, and which URIs are its.
final class AppURLSchemeTests: XCTestCase {
    func testANameIsLoweredAndItsURIsMatchInAnyCase() throws {
        let scheme = try AppURLScheme("MyApp")
        XCTAssertEqual(scheme.name, "myapp")
        XCTAssertEqual(scheme.mimeType, "x-scheme-handler/myapp")
        XCTAssertEqual(scheme.description, "myapp:")
        XCTAssertTrue(scheme.matches("myapp://x/y"))
        XCTAssertTrue(scheme.matches("MYAPP:note/1"))
        XCTAssertFalse(scheme.matches("myapp2://x"))
        XCTAssertFalse(scheme.matches("file:///myapp:x"))
        XCTAssertFalse(scheme.matches("myapp"))
        XCTAssertEqual(try AppURLScheme("web+notes.v2-beta").name, "web+notes.v2-beta")
    }

    func testMalformedAndReservedNamesAreRefusedWithTheReason() {
        for name in ["", "1app", "my app", "my_app", "my:app", "é"] {
            XCTAssertThrowsError(try AppURLScheme(name), name) {
                XCTAssertEqual($0 as? AppURLScheme.NameError, .malformed(name))
            }
        }
        for name in ["https", "FILE", "app", "javascript", "webviewhost-bridge"] {
            XCTAssertThrowsError(try AppURLScheme(name), name) {
                XCTAssertEqual($0 as? AppURLScheme.NameError, .reserved(name))
                XCTAssertTrue("\($0)".contains("already uses"), "\($0)")
            }
        }
    }
}
