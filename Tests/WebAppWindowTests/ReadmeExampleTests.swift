import Foundation
import TestHelpers
import XCTest

/// The README's "Build your own app" code, built as another package would build it: every
/// code block of that section whose first line names a file (`// Sources/…`, `<!-- … -->`,
/// or `// swift-tools-version` for `Package.swift`) is written into a package that depends
/// on this one by path. So the README cannot show an API that does not compile.
final class ReadmeExampleTests: XCTestCase {
    /// This package's root: `<root>/Tests/WebAppWindowTests/ReadmeExampleTests.swift`.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheReadmesAppBuildsAgainstThisPackage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let files = try ReadmeExample.files(in: readme)
        XCTAssertNotNil(files["Package.swift"], "the section shows no Package.swift")
        XCTAssertTrue(files.keys.contains { $0.hasPrefix("Sources/") && $0.hasSuffix(".swift") }, "\(files.keys)")

        // Kept between runs (under .build, like `make check-example`), so a rebuild is incremental.
        let package = Self.root.appendingPathComponent(".build/readme-example")
        try? FileManager.default.removeItem(at: package.appendingPathComponent("Sources"))
        let identity = Self.root.lastPathComponent.lowercased()
        for (path, contents) in files {
            let file = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = path == "Package.swift"
                ? contents.replacingOccurrences(of: "\"../webviewhost\"", with: "\"\(Self.root.path)\"")
                    .replacingOccurrences(of: "package: \"webviewhost\"", with: "package: \"\(identity)\"")
                : contents
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let build = try runTool("/usr/bin/env", ["swift", "build", "--package-path", package.path,
                                                 "--scratch-path", package.appendingPathComponent(".build").path])
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
        let files = try ReadmeExample.files(in: text)
        XCTAssertEqual(Set(files.keys), ["Package.swift", "Sources/x/Web/index.html", "Sources/x/Web/a.js"])
        XCTAssertEqual(files["Package.swift"], "// swift-tools-version: 6.0\nlet package = 1\n")
        XCTAssertEqual(files["Sources/x/Web/a.js"], "// Sources/x/Web/a.js (a note)\ngo();\n")
    }
}

/// The files the README's "Build your own app" section shows.
enum ReadmeExample {
    struct MissingSection: Error {}

    static func files(in readme: String) throws -> [String: String] {
        guard let start = readme.range(of: "## Build your own app\n") else { throw MissingSection() }
        let section = readme[start.upperBound...].components(separatedBy: "\n## ")[0]
        var files: [String: String] = [:]
        let parts = section.components(separatedBy: "```")
        // Odd parts are fenced blocks: a language line, then the code.
        for block in stride(from: 1, to: parts.count, by: 2).map({ parts[$0] }) {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            guard let first = lines.first.map(String.init), let path = path(named: first) else { continue }
            files[path] = lines.joined(separator: "\n")
        }
        return files
    }

    /// The file a block's first line names, if it names one.
    private static func path(named line: String) -> String? {
        if line.hasPrefix("// swift-tools-version") { return "Package.swift" }
        for (open, close) in [("// Sources/", ""), ("<!-- Sources/", " -->")] where line.hasPrefix(open) {
            let rest = line.dropFirst(open.count - "Sources/".count)
            let end = close.isEmpty ? rest.firstIndex(of: " ") ?? rest.endIndex : rest.range(of: close)?.lowerBound ?? rest.endIndex
            return String(rest[..<end])
        }
        return nil
    }
}
