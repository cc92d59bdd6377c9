import Foundation
import TestHelpers
import XCTest

/// The DocC articles' code, built as another package would build it, so no article can show
/// an API that does not compile. Every Swift block of an article names its file
/// (`// Sources/<target>/<File>.swift`): a file the Getting started app has too must read as it
/// does there (`ReadmeExampleTests` builds that one); the rest is built in one package, a target
/// per `Sources/<target>` directory (an executable one when it has a `main.swift`) and a test
/// target per `Tests/<target>` directory, each depending on the library products and the
/// article's targets its files import.
final class ArticleExampleTests: XCTestCase {
    /// Every article with code, by its path in this package.
    static let articles = [
        "Sources/WebAppWindow/WebAppWindow.docc/GettingStarted.md",
        "Sources/WebAppWindow/WebAppWindow.docc/BuildAnApp.md",
        "Sources/WebAppWindow/WebAppWindow.docc/PackagingAnApp.md",
        "Sources/WebAppWindow/WebAppWindow.docc/TranslatingAnApp.md",
        "Sources/WebAppWindow/WebAppWindow.docc/TestingWithWebDriver.md",
        "Sources/WebAppWindow/WebAppWindow.docc/SandboxAndDoctor.md",
        "Sources/WebAppWindow/WebAppWindow.docc/DesktopServices.md",
        "Sources/WebBridge/WebBridge.docc/TheBridge.md",
        "Sources/WebBridge/WebBridge.docc/SecurityModel.md",
        "Sources/WebBridge/WebBridge.docc/BytesAndStreams.md",
        "Sources/WebBridge/WebBridge.docc/TypedPages.md",
        "Sources/WebBridgeTesting/WebBridgeTesting.docc/UnitTestingHandlers.md",
        "Sources/WebSocketBridge/WebSocketBridge.docc/WebSockets.md",
        "Sources/DesktopServices/DesktopServices.docc/NotificationsStatusIconAndURLScheme.md",
        "Sources/WebKitGTK/WebKitGTK.docc/WebKitGTK.md",
    ]

    /// Modules an article may import that are not this package's products.
    private static let systemModules: Set<String> = ["Foundation", "Dispatch", "Glibc", "XCTest"]

    func testEveryArticlesCodeBuildsAgainstThisPackage() throws {
        let reference = MarkdownExample.referenceApp
        let app = try MarkdownExample.files(in: text(of: reference.article), section: reference.section)
        var files: [String: String] = [:]
        for article in Self.articles {
            let blocks = try MarkdownExample.blocks(in: text(of: article))
            XCTAssertTrue(blocks.contains { $0.language == "swift" }, "\(article) shows no Swift")
            for block in blocks {
                guard let path = block.path else {
                    XCTAssertNotEqual(block.language, "swift", "\(article): a Swift block names no file, so nothing builds it:\n\(block.code)")
                    continue
                }
                if let shown = app[path] {
                    XCTAssertEqual(block.code, shown, "\(article): \(path) is not the one of \(reference.article)")
                } else {
                    XCTAssertTrue((path.hasPrefix("Sources/") || path.hasPrefix("Tests/")) && path.split(separator: "/").count >= 3,
                                  "\(article): \(path)")
                    XCTAssertNil(files[path], "\(article): \(path) is shown by two blocks")
                    files[path] = block.code
                }
            }
        }
        files["Package.swift"] = Self.manifest(for: files)
        let build = try MarkdownExample.build(files, in: MarkdownExample.root.appendingPathComponent(".build/article-examples"))
        XCTAssertEqual(build.status, 0, build.output)
    }

    func testTheManifestHasATargetPerDirectoryWithTheProductsItImports() {
        let manifest = Self.manifest(for: [
            "Sources/app/main.swift": "import Foundation\nimport WebAppWindow\n",
            "Sources/app/Handlers.swift": "import WebBridge\n",
            "Sources/lib/Lib.swift": "import WebBridge\n",
            "Sources/app/Web/index.html": "<title>x</title>\n",
            "Tests/libTests/LibTests.swift": "import lib\nimport WebBridgeTesting\nimport XCTest\n",
        ])
        XCTAssertTrue(manifest.contains("""
            .executableTarget(name: "app", dependencies: [.product(name: "WebAppWindow", package: "webviewhost"), \
            .product(name: "WebBridge", package: "webviewhost")]),
            """), manifest)
        XCTAssertTrue(manifest.contains("""
            .target(name: "lib", dependencies: [.product(name: "WebBridge", package: "webviewhost")]),
            """), manifest)
        XCTAssertTrue(manifest.contains("""
            .testTarget(name: "libTests", dependencies: [.product(name: "WebBridgeTesting", package: "webviewhost"), "lib"]),
            """), manifest)
    }

    /// A manifest for `files`: a target per `Sources/<target>` and a test target per
    /// `Tests/<target>`, depending on what it imports (the article's own targets by name).
    static func manifest(for files: [String: String]) -> String {
        let byTarget = Dictionary(grouping: files.filter { $0.key.hasPrefix("Sources/") || $0.key.hasPrefix("Tests/") }) {
            $0.key.split(separator: "/").prefix(2).joined(separator: "/")
        }
        let local = Set(byTarget.keys.filter { $0.hasPrefix("Sources/") }.map { String($0.dropFirst("Sources/".count)) })
        let targets = byTarget.keys.sorted().map { directory in
            let target = String(directory.split(separator: "/")[1])
            let swift = byTarget[directory, default: []].filter { $0.key.hasSuffix(".swift") }
            let imports = Set(swift.flatMap { $0.value.split(separator: "\n") }
                .compactMap { line in line.hasPrefix("import ") ? String(line.dropFirst("import ".count)) : nil })
                .subtracting(systemModules).sorted()
            let kind = directory.hasPrefix("Tests/") ? "testTarget"
                : swift.contains { $0.key.hasSuffix("/main.swift") } ? "executableTarget" : "target"
            let dependencies = imports.map { local.contains($0) ? "\"\($0)\"" : ".product(name: \"\($0)\", package: \"webviewhost\")" }
                .joined(separator: ", ")
            return "        .\(kind)(name: \"\(target)\", dependencies: [\(dependencies)]),"
        }
        return """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "ArticleExamples",
                dependencies: [.package(path: "../webviewhost")],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
    }

    private func text(of path: String) throws -> String {
        try String(contentsOf: MarkdownExample.root.appendingPathComponent(path), encoding: .utf8)
    }
}
