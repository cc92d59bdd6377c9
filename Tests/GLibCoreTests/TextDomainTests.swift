import GLibCore
import XCTest

/// Lookups in a domain with no catalog come back as written, placeholders filled once.
final class TextDomainTests: XCTestCase {
    private let domain = TextDomain("webviewhost-tests-no-catalog")

    func testAMessageWithoutACatalogStaysEnglishWithItsValuesPutIn() {
        XCTAssertNil(domain.catalogs)
        XCTAssertEqual(domain.tr("Downloading {name}…", ["name": "a {name} b.txt"]), "Downloading a {name} b.txt…")
        XCTAssertEqual(domain.tr("Open", context: "a saved file"), "Open")
        XCTAssertEqual(domain.tr("{path} is {what}", ["path": "/x"]), "/x is {what}")
    }

    func testPluralsPickTheEnglishFormAndFillTheCount() {
        XCTAssertEqual(domain.tr("{count} match", "{count} matches", count: 1), "1 match")
        XCTAssertEqual(domain.tr("{count} match", "{count} matches", count: 3), "3 matches")
    }

    func testSizesComeFromGLib() {
        // GLib keeps the number and its unit together with a no-break space.
        XCTAssertEqual(FormattedSize.of(bytes: 1_500_000), "1.5\u{00A0}MB")
    }

    func testTheLibrarysCatalogsAreFoundBesideTheTests() {
        XCTAssertNotNil(TextDomain.library.catalogs, "the build compiles po/*.po into GLibCore's resource bundle")
    }
}
