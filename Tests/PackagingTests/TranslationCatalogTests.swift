import Foundation
import TestHelpers
import XCTest

/// `make check-strings` under the README's test command: the template matches the sources,
/// every user-visible literal goes through `tr()`, and every catalog is complete and valid.
final class TranslationCatalogTests: XCTestCase {
    func testTheTemplateIsCurrentAndEveryCatalogComplete() throws {
        let run = try runTool("/usr/bin/make", ["-C", InstalledApp.packageRoot.path, "--no-print-directory", "check-strings"])
        XCTAssertEqual(run.status, 0, run.output)
        for catalog in ["po/de.po", "po/fr.po", "po/es.po", "po/pt_BR.po", "po/ru.po", "po/zh_CN.po", "po/ja.po", "po/he.po",
                        "Examples/NotesApp/po/de.po", "Examples/NotesApp/po/ru.po"] {
            XCTAssertTrue(run.output.contains("\(catalog): "), "\(catalog) was not checked: \(run.output)")
        }
    }
}
