import Foundation
import TestHelpers
import XCTest

/// `make install` into a temporary prefix gives a desktop app that validates and starts from
/// its `.desktop` file's Exec line without the source tree; `make uninstall` removes it all.
///
/// The Makefile builds a release binary with a static Swift runtime. The build directory
/// is kept between runs (`WEBVIEWHOST_INSTALL_BUILD_DIR`, default `.build/install-release`
/// in the package), so only the first run pays for a full release build.
final class InstallTests: XCTestCase {
    private static let applicationID = "io.github.webviewhost.WebViewHost"

    /// The package's root directory: this file is `<root>/Tests/WebViewHostAppTests/InstallTests.swift`.
    private let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private var buildDirectory: String {
        ProcessInfo.processInfo.environment["WEBVIEWHOST_INSTALL_BUILD_DIR"]
            ?? packageRoot.appendingPathComponent(".build/install-release").path
    }

    private func make(_ target: String, prefix: URL) throws {
        let result = try runTool("/usr/bin/make", ["-C", packageRoot.path, target, "PREFIX=\(prefix.path)", "BUILD_DIR=\(buildDirectory)"])
        XCTAssertEqual(result.status, 0, "make \(target) failed:\n\(result.output)")
    }

    func testInstalledAppValidatesStartsFromItsDesktopFileAndUninstallsCleanly() throws {
        let prefix = TestDirectory().url.appendingPathComponent("prefix")
        let share = prefix.appendingPathComponent("share")
        try make("install", prefix: prefix)

        let desktopFile = share.appendingPathComponent("applications/\(Self.applicationID).desktop")
        let metainfo = share.appendingPathComponent("metainfo/\(Self.applicationID).metainfo.xml")
        let icon = share.appendingPathComponent("icons/hicolor/scalable/apps/\(Self.applicationID).svg")
        let startPage = share.appendingPathComponent("webview-host/Resources/index.html")
        for file in [prefix.appendingPathComponent("bin/webview-host"), desktopFile, metainfo, icon, startPage] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "not installed: \(file.path)")
        }
        let desktopCheck = try runTool("/usr/bin/desktop-file-validate", [desktopFile.path])
        XCTAssertEqual(desktopCheck.status, 0, desktopCheck.output)
        XCTAssertEqual(desktopCheck.output, "", "desktop-file-validate has remarks")
        let metainfoCheck = try runTool("/usr/bin/appstreamcli", ["validate", "--no-net", metainfo.path])
        XCTAssertEqual(metainfoCheck.status, 0, metainfoCheck.output)

        // Mark the installed start page, so only the installed copy can give this title.
        let marker = "Installed \(UUID().uuidString.prefix(8))"
        let page = try String(contentsOf: startPage, encoding: .utf8)
        try page.replacingOccurrences(of: "<title>WebViewHost demos</title>", with: "<title>\(marker)</title>")
            .write(to: startPage, atomically: true, encoding: .utf8)

        try launchFromDesktopFile(desktopFile, expectingTitle: marker)

        try make("uninstall", prefix: prefix)
        let left = FileManager.default.enumerator(atPath: prefix.path)?.allObjects as? [String] ?? []
        XCTAssertEqual(left, [], "uninstall left files behind under \(prefix.path)")
    }

    /// Runs the desktop file's Exec line (without `%U`) as the desktop would, from a directory
    /// outside the source tree and without `WEBVIEWHOST_RESOURCES`, and waits for its window.
    private func launchFromDesktopFile(_ desktopFile: URL, expectingTitle title: String) throws {
        let entry = try String(contentsOf: desktopFile, encoding: .utf8)
        let exec = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
        let words = exec.split(separator: " ").map(String.init).filter { $0 != "%U" }
        let executable = try XCTUnwrap(words.first)
        XCTAssertTrue(executable.hasPrefix("/"), "Exec does not name the installed binary: \(exec)")

        let launcher = try HostLauncher(executable: URL(fileURLWithPath: executable))
        var environment = launcher.environment
        environment["WEBVIEWHOST_RESOURCES"] = nil
        let home = TestDirectory()
        let app = try AppProcess(URL(fileURLWithPath: executable), Array(words.dropFirst()),
                                 environment: environment, directory: home.url, keepingAlive: [launcher.bus])
        let window = try XCTUnwrap(try X11Windows.waitFor(title), "the installed app showed no start page: \(app.printed)")
        XCTAssertEqual(try X11Windows.pid(of: window), app.pid)
        try X11Windows.press("ctrl+q", in: window)
        XCTAssertEqual(app.waitForExit(), 0, app.printed)
    }
}
