import Foundation
import TestHelpers
@testable import WebViewHostApp
import XCTest

final class AppResourcesTests: XCTestCase {
    func testInstalledLocationComesBeforeTheSourceTree() throws {
        let prefix = TestDirectory()
        let installed = prefix.url.appendingPathComponent("share/webview-host/Resources")
        try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
        try "<title>installed</title>".write(to: installed.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        let found = AppResources.locate(environment: [:], executable: prefix.url.appendingPathComponent("bin/webview-host"))
        XCTAssertEqual(found?.directory.standardizedFileURL.path, installed.standardizedFileURL.path)
    }

    func testEnvironmentOverrideWinsWhenItHoldsTheStartPage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("res-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "<title>custom</title>".write(to: directory.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        let found = AppResources.locate(environment: ["WEBVIEWHOST_RESOURCES": directory.path], executable: nil)
        XCTAssertEqual(found?.startPage.path, directory.appendingPathComponent("index.html").path)
    }

    func testSourceTreeHoldsTheDemoPages() throws {
        let resources = try XCTUnwrap(AppResources.locate(environment: [:], executable: nil))
        for page in ["index.html", "style.css", "dialogs.html", "slow.html", "history/one.html", "history/two.html", "history/three.html"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: resources.url(for: page).path), page)
        }
    }
}
