import Foundation
import TestHelpers
import XCTest

/// `make install` into a temporary prefix gives a desktop app that validates and starts from
/// its `.desktop` file's Exec line without the source tree; `make uninstall` removes it all.
///
/// The Makefile builds a release binary with a static Swift runtime, in the release build
/// directory the packaging tests share (see `InstalledApp`).
final class InstallTests: XCTestCase {
    private static let applicationID = "io.github.webviewhost.WebViewHost"

    func testInstalledAppValidatesStartsFromItsDesktopFileAndUninstallsCleanly() throws {
        let prefix = TestDirectory().url.appendingPathComponent("prefix")
        let share = prefix.appendingPathComponent("share")
        try InstalledApp.make(["install", "PREFIX=\(prefix.path)"])

        let binary = prefix.appendingPathComponent("bin/webview-host")
        let desktopFile = share.appendingPathComponent("applications/\(Self.applicationID).desktop")
        let metainfo = share.appendingPathComponent("metainfo/\(Self.applicationID).metainfo.xml")
        let icon = share.appendingPathComponent("icons/hicolor/scalable/apps/\(Self.applicationID).svg")
        let startPage = share.appendingPathComponent("webview-host/Resources/index.html")
        for file in [binary, desktopFile, metainfo, icon, startPage] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "not installed: \(file.path)")
        }
        XCTAssertFalse(try InstalledApp.hasSymbolTable(binary), "the installed binary is not stripped")
        let desktopCheck = try runTool("/usr/bin/desktop-file-validate", [desktopFile.path])
        XCTAssertEqual(desktopCheck.status, 0, desktopCheck.output)
        XCTAssertEqual(desktopCheck.output, "", "desktop-file-validate has remarks")
        let metainfoCheck = try runTool("/usr/bin/appstreamcli", ["validate", "--no-net", metainfo.path])
        XCTAssertEqual(metainfoCheck.status, 0, metainfoCheck.output)

        let marker = try InstalledApp.mark(startPage, replacing: "WebViewHost demos")
        try InstalledApp.launchFromDesktopFile(desktopFile, expectingTitle: marker)

        try InstalledApp.make(["uninstall", "PREFIX=\(prefix.path)"])
        let left = FileManager.default.enumerator(atPath: prefix.path)?.allObjects as? [String] ?? []
        XCTAssertEqual(left, [], "uninstall left files behind under \(prefix.path)")
    }

    /// The app is a desktop application, not a web browser: it claims no web MIME types or URL schemes.
    func testDesktopFileClaimsNoBrowserTypes() throws {
        let desktopFile = InstalledApp.packageRoot.appendingPathComponent("data/\(Self.applicationID).desktop")
        let entry = try String(contentsOf: desktopFile, encoding: .utf8)
        for type in ["text/html", "x-scheme-handler/http", "x-scheme-handler/https"] {
            XCTAssertFalse(entry.contains(type), "the desktop file claims \(type)")
        }
    }
}
