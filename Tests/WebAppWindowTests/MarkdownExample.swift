import Foundation
import TestHelpers
import XCTest

/// The files a markdown text shows, and a package built from them: every fenced code block
/// whose first line names a file (`// Sources/…`, `// Tests/…`, `<!-- Sources/… -->`, or
/// `// swift-tools-version` for `Package.swift`) is that file. The DocC articles use it, so
/// none can show an API that does not compile.
enum MarkdownExample {
    /// The complete app other articles' copies of its files must match: the article and the
    /// section of it that shows the app (`ReadmeExampleTests` builds it).
    static let referenceApp = (article: "Sources/WebAppWindow/WebAppWindow.docc/GettingStarted.md", section: "Overview")

    /// The text has no section of that title.
    struct MissingSection: Error, CustomStringConvertible {
        let title: String
        var description: String { "no \"## \(title)\" section" }
    }

    /// This package's root: `<root>/Tests/WebAppWindowTests/MarkdownExample.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The files of the section titled `section` (`## <section>`, up to the next `## `), or of
    /// the whole text when `section` is nil, by path.
    static func files(in text: String, section: String? = nil) throws -> [String: String] {
        try blocks(in: text, section: section).reduce(into: [:]) { files, block in
            if let path = block.path { files[path] = block.code }
        }
    }

    /// Every fenced block of the section (or text): its language, the file its first line
    /// names (nil for a fragment) and its code.
    static func blocks(in text: String, section: String? = nil) throws -> [(language: String, path: String?, code: String)] {
        var body = Substring(text)
        if let section {
            guard let start = text.range(of: "## \(section)\n") else { throw MissingSection(title: section) }
            body = Substring(text[start.upperBound...].components(separatedBy: "\n## ")[0])
        }
        let parts = body.components(separatedBy: "```")
        // Odd parts are fenced blocks: a language line, then the code.
        return stride(from: 1, to: parts.count, by: 2).map { index in
            let lines = parts[index].split(separator: "\n", omittingEmptySubsequences: false)
            let code = lines.dropFirst()
            return (String(lines.first ?? ""), code.first.flatMap { path(named: String($0)) }, code.joined(separator: "\n"))
        }
    }

    /// The build directory of every package built from this checkout as another package
    /// would build it (the articles', the README's app, `make check-example`'s notes app): the
    /// library they all depend on compiles once, not once per package (~40 s each, debug).
    /// Under the GTK4 trait the packages depend on the library with that trait (as an app on
    /// GTK 4 does, `.package(path: …, traits: ["GTK4"])`), in GTK 4's build directory
    /// (`.build-gtk4`, as `make check-example TOOLKIT=GTK4` and `.ci/run` use).
    #if GTK4
    static let sharedBuildDirectory = root.appendingPathComponent(".build-gtk4/external-packages")
    private static let dependencyTraits = #", traits: ["GTK4"]"#
    #else
    static let sharedBuildDirectory = root.appendingPathComponent(".build/external-packages")
    private static let dependencyTraits = ""
    #endif

    /// Writes `files` into the package directory `package` (its earlier `Sources` and `Tests`
    /// removed), a manifest's `../webviewhost` pointing at this checkout, and builds it, tests
    /// too, with `swift build --build-tests` in `sharedBuildDirectory`, kept between runs so a
    /// rebuild is incremental.
    static func build(_ files: [String: String], in package: URL) throws -> (status: Int32, output: String) {
        for directory in ["Sources", "Tests"] {
            try? FileManager.default.removeItem(at: package.appendingPathComponent(directory))
        }
        let identity = root.lastPathComponent.lowercased()
        for (path, contents) in files {
            let file = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = path == "Package.swift"
                ? contents.replacingOccurrences(of: "\"../webviewhost\")", with: "\"\(root.path)\"\(dependencyTraits))")
                    .replacingOccurrences(of: "package: \"webviewhost\"", with: "package: \"\(identity)\"")
                : contents
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let result = try runTool("/usr/bin/env", ["swift", "build", "--build-tests", "--package-path", package.path,
                                                  "--scratch-path", sharedBuildDirectory.path])
        return (result.status, result.output)
    }

    /// The file a block's first line names, if it names one.
    private static func path(named line: String) -> String? {
        if line.hasPrefix("// swift-tools-version") { return "Package.swift" }
        for (open, close) in [("// Sources/", ""), ("// Tests/", ""), ("<!-- Sources/", " -->")] where line.hasPrefix(open) {
            let rest = line.dropFirst(open.hasPrefix("//") ? "// ".count : "<!-- ".count)
            let end = close.isEmpty ? rest.firstIndex(of: " ") ?? rest.endIndex : rest.range(of: close)?.lowerBound ?? rest.endIndex
            return String(rest[..<end])
        }
        return nil
    }
}
