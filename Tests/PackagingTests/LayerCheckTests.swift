import Foundation
import TestHelpers
import XCTest

/// `make check-layers` under the README's test command: the checker's own tests (each rule,
/// the toolkit seams among them, can fail) and the package itself keeping its layers and seams.
final class LayerCheckTests: XCTestCase {
    private let tools = InstalledApp.packageRoot.appendingPathComponent("Tools/layer-check")

    func testTheCheckersRulesEachFailOnABreach() throws {
        let run = try runTool("/usr/bin/python3", ["-m", "unittest", "discover", "-s", tools.path, "-p", "test_*.py"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("OK"), run.output)
    }

    /// Described with a scratch path of its own, so it waits for no build of the package.
    func testThePackageKeepsItsLayersAndToolkitSeams() throws {
        let directory = TestDirectory()
        let described = try runTool("/usr/bin/env", ["swift", "package", "--package-path", InstalledApp.packageRoot.path,
                                                     "--scratch-path", directory.url.appendingPathComponent("scratch").path,
                                                     "describe", "--type", "json"])
        XCTAssertEqual(described.status, 0, described.output)
        let description = directory.write("package.json", described.output)
        let checked = try runTool("/usr/bin/python3", [tools.appendingPathComponent("check-layers.py").path, description.path])
        XCTAssertEqual(checked.status, 0, checked.output)
        XCTAssertTrue(checked.output.contains("only GtkWidgets and WebKitGTK call their C libraries"), checked.output)
    }
}
