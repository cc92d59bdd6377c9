import Foundation
import TestHelpers
import XCTest

/// The app the README sends newcomers to first (the "Getting started" article's), built as
/// another package would build it: every code block of the article's Overview whose first
/// line names a file (`// Sources/…`, `<!-- … -->`, or `// swift-tools-version` for
/// `Package.swift`) is written into a package that depends on this one by path. So the
/// article cannot show an API that does not compile.
final class ReadmeExampleTests: XCTestCase {
    func testTheGettingStartedAppBuildsAgainstThisPackage() throws {
        let article = try String(contentsOf: MarkdownExample.root.appendingPathComponent(MarkdownExample.referenceApp.article),
                                 encoding: .utf8)
        let files = try MarkdownExample.files(in: article, section: MarkdownExample.referenceApp.section)
        XCTAssertNotNil(files["Package.swift"], "the section shows no Package.swift")
        XCTAssertTrue(files.keys.contains { $0.hasPrefix("Sources/") && $0.hasSuffix(".swift") }, "\(files.keys)")

        // Kept between runs (under .build, like `make check-example`), so a rebuild is incremental.
        let build = try MarkdownExample.build(files, in: MarkdownExample.root.appendingPathComponent(".build/readme-example"))
        XCTAssertEqual(build.status, 0, build.output)
    }

    func testFilesAreTakenFromTheSectionOnly() throws {
        let text = """
            ## Other
            ```swift
            // Sources/x/Elsewhere.swift
            ```
            ## Build your own app
            ```swift
            // swift-tools-version: 6.0
            let package = 1
            ```
            ```swift
            let fragment = 1
            ```
            ```html
            <!-- Sources/x/Web/index.html -->
            <title>x</title>
            ```
            ```js
            // Sources/x/Web/a.js (a note)
            go();
            ```
            ## Next
            """
        let files = try MarkdownExample.files(in: text, section: "Build your own app")
        XCTAssertEqual(Set(files.keys), ["Package.swift", "Sources/x/Web/index.html", "Sources/x/Web/a.js"])
        XCTAssertEqual(files["Package.swift"], "// swift-tools-version: 6.0\nlet package = 1\n")
        XCTAssertEqual(files["Sources/x/Web/a.js"], "// Sources/x/Web/a.js (a note)\ngo();\n")
    }
}
