import Foundation
import TestHelpers
import WebAppWindow
import XCTest

final class WebDirectoryTests: XCTestCase {
    private func locate(_ environment: [String: String] = [:], executable: URL?, fallback: URL? = nil) -> String? {
        WebDirectory.locate(app: "my-app", directory: "Web", environmentVariable: "MY_APP_WEB", fallback: fallback,
                            environment: environment, executable: executable)?.standardizedFileURL.path
    }

    func testCandidatesInOrder() {
        let candidates = WebDirectory.candidates(
            app: "my-app", directory: "Web", environmentVariable: "MY_APP_WEB", fallback: URL(fileURLWithPath: "/src/Web"),
            environment: ["MY_APP_WEB": "/opt/custom"], executable: URL(fileURLWithPath: "/usr/local/bin/my-app"))
        XCTAssertEqual(candidates.map(\.path), ["/opt/custom", "/usr/local/bin/Web", "/usr/local/share/my-app/Web", "/src/Web"])
    }

    func testInstalledUnderPrefixShare() {
        let prefix = TestDirectory()
        prefix.write("share/my-app/Web/index.html", "<title>installed</title>")
        XCTAssertEqual(locate(executable: prefix.url.appendingPathComponent("bin/my-app")),
                       prefix.url.appendingPathComponent("share/my-app/Web").standardizedFileURL.path)
    }

    func testBesideTheExecutableAndInItsResourceBundle() {
        let build = TestDirectory()
        let executable = build.url.appendingPathComponent("my-app")
        build.write("Other_other-app.resources/Web/index.html", "<title>another target's</title>")
        build.write("MyPackage_my-app.resources/Web/index.html", "<title>swift run</title>")
        XCTAssertEqual(locate(executable: executable),
                       build.url.appendingPathComponent("MyPackage_my-app.resources/Web").standardizedFileURL.path)
        build.write("Web/index.html", "<title>copied beside</title>")
        XCTAssertEqual(locate(executable: executable), build.url.appendingPathComponent("Web").standardizedFileURL.path)
    }

    func testTheEnvironmentWinsAndADirectoryWithoutTheMarkerIsSkipped() {
        let override = TestDirectory()
        let prefix = TestDirectory()
        prefix.write("share/my-app/Web/index.html", "<title>installed</title>")
        let executable = prefix.url.appendingPathComponent("bin/my-app")
        // Empty: no index.html, so the installed files are found instead.
        XCTAssertEqual(locate(["MY_APP_WEB": override.url.path], executable: executable),
                       prefix.url.appendingPathComponent("share/my-app/Web").standardizedFileURL.path)
        override.write("index.html", "<title>override</title>")
        XCTAssertEqual(locate(["MY_APP_WEB": override.url.path], executable: executable), override.url.standardizedFileURL.path)
    }

    func testNothingFound() {
        let empty = TestDirectory()
        XCTAssertNil(locate(executable: empty.url.appendingPathComponent("my-app")))
    }

    /// A build's copy maps to the package's folder of the same name nearest the app's source
    /// file, up to the package root; anything else maps to nothing.
    func testTheSourcesOfABuildsCopyAreFoundFromTheAppsSourceFile() {
        let package = TestDirectory()
        package.write("Package.swift", "// swift-tools-version:6.0")
        package.write("Sources/my-app/main.swift", "")
        package.write("Sources/my-app/Web/index.html", "<title>sources</title>")
        package.write(".build/x86_64-unknown-linux-gnu/debug/MyPackage_my-app.resources/Web/index.html", "<title>copy</title>")
        let copy = package.url.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/MyPackage_my-app.resources/Web")
        let main = package.url.appendingPathComponent("Sources/my-app/main.swift").path
        XCTAssertEqual(WebDirectory.sources(ofBuildCopy: copy, sourceFile: main)?.path,
                       package.url.appendingPathComponent("Sources/my-app/Web").standardizedFileURL.path)
        // The notes example's layout: the web folder beside the folder of the sources.
        package.write("Examples/Notes/Sources/App.swift", "")
        package.write("Examples/Notes/Web/index.html", "<title>notes</title>")
        XCTAssertEqual(WebDirectory.sources(ofBuildCopy: copy, sourceFile: package.url.appendingPathComponent("Examples/Notes/Sources/App.swift").path)?.path,
                       package.url.appendingPathComponent("Examples/Notes/Web").standardizedFileURL.path)
        // Not a build's copy (an environment variable's folder, an installed app's): kept as it is.
        XCTAssertNil(WebDirectory.sources(ofBuildCopy: package.url.appendingPathComponent("Sources/my-app/Web"), sourceFile: main))
        // Nothing of that name in the package (a binary built elsewhere): nil, never a folder outside it.
        let outside = TestDirectory()
        outside.write("Web/index.html", "<title>outside</title>")
        outside.write("package/Package.swift", "")
        outside.write("package/Sources/app/main.swift", "")
        XCTAssertNil(WebDirectory.sources(ofBuildCopy: copy, sourceFile: outside.url.appendingPathComponent("package/Sources/app/main.swift").path))
    }
}
