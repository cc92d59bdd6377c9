import Foundation
import TestHelpers
import XCTest

/// `Plugins/PackageDeb/desktop-entry.py`, which writes an app's installed desktop entry: the URL schemes
/// it handles join `MimeType`, its `Exec` line passes URLs on, and the result is a valid entry.
final class DesktopEntryTests: XCTestCase {
    private let script = InstalledApp.packageRoot.appendingPathComponent("Plugins/PackageDeb/desktop-entry.py").path

    func testSchemesJoinMimeTypeAndExecGetsTheURLs() throws {
        let directory = TestDirectory()
        let source = directory.write("in.desktop", """
            [Desktop Entry]
            Type=Application
            Name=Desk
            Exec=desk --new-window
            MimeType=text/plain;

            [Desktop Action New]
            Name=New
            Exec=desk --new
            """)
        let target = directory.url.appendingPathComponent("out.desktop")
        let written = try runTool("/usr/bin/python3", [script, source.path, target.path, "--url-scheme", "Desk",
                                                       "--url-scheme", "desk-beta", "--exec", "/opt/desk/bin/desk"])
        XCTAssertEqual(written.status, 0, written.output)
        let entry = try String(contentsOf: target, encoding: .utf8)
        XCTAssertEqual(entry, """
            [Desktop Entry]
            Type=Application
            Name=Desk
            Exec=/opt/desk/bin/desk --new-window %U
            MimeType=text/plain;x-scheme-handler/desk;x-scheme-handler/desk-beta;

            [Desktop Action New]
            Name=New
            Exec=desk --new

            """)
    }

    func testAnEntryWithoutMimeTypeGetsOneAndAFieldCodeIsKept() throws {
        let directory = TestDirectory()
        let source = directory.write("in.desktop", "[Desktop Entry]\nType=Application\nName=Desk\nExec=desk %u\n")
        let target = directory.url.appendingPathComponent("out.desktop")
        XCTAssertEqual(try runTool("/usr/bin/python3", [script, source.path, target.path, "--url-scheme", "desk"]).status, 0)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8),
                       "[Desktop Entry]\nType=Application\nName=Desk\nExec=desk %u\nMimeType=x-scheme-handler/desk;\n")
        let validated = try runTool("/usr/bin/desktop-file-validate", [target.path])
        XCTAssertEqual(validated.status, 0, validated.output)
    }

    func testAMalformedSchemeIsRefusedByName() throws {
        let directory = TestDirectory()
        let source = directory.write("in.desktop", "[Desktop Entry]\nType=Application\nName=Desk\nExec=desk\n")
        let refused = try runTool("/usr/bin/python3", [script, source.path, directory.url.appendingPathComponent("out").path,
                                                       "--url-scheme", "my app"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("'my app' is not a URL scheme"), refused.output)
    }
}
