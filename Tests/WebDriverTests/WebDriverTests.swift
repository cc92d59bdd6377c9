import Foundation
import TestHelpers
import XCTest

/// The apps driven by WebDriver, end to end: `WebKitWebDriver` starts the built app with
/// `--automation`, and a Selenium script (Tests/WebDriver/) drives its real windows — the
/// bridge demo geocoding an address, the notes example storing a note. Skipped only when
/// WebKitWebDriver or Python's selenium is missing (CI installs both).
final class WebDriverTests: XCTestCase {
    private static let scripts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("WebDriver")
    private static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources")

    /// How the scripts type and click: through WebDriver's simulated input, which WebKitGTK 6.0
    /// (2.50) answers with an error, so there from page scripts (see `PageInput` in
    /// Tests/WebDriver/app_session.py, which also checks the simulated input still fails).
    #if GTK4
    private static let inputArguments = ["--script-input"]
    #else
    private static let inputArguments: [String] = []
    #endif

    func testTheBridgeDemoGeocodesAnAddressTypedThroughWebDriver() throws {
        let run = try drive("webview-host", with: "bridge_demo.py")
        XCTAssertTrue(run.output.contains("latitude 48.85"), run.output)
    }

    func testNotesAddedThroughWebDriverAreListedAndStoredAcrossTheSessionsWindows() throws {
        let run = try drive("notes-app", with: "notes_example.py")
        XCTAssertTrue(run.output.contains("listed ['Buy milk'], then 2 notes"), run.output)
        // The notes went through the app's handler into its store, under the test's XDG_DATA_HOME.
        let file = run.host.home.url.appendingPathComponent("data/io.github.webviewhost.NotesExample/notes.json")
        let stored = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(stored.contains("Buy milk") && stored.contains("Call Ada"), stored)
    }

    /// Starts WebKitWebDriver and runs `script` against the built `app`; fails with everything
    /// printed unless the script passes. The launcher returned
    /// keeps the app's XDG directories for the caller to look into.
    private func drive(_ app: String, with script: String) throws -> (output: String, host: HostLauncher) {
        guard FileManager.default.isExecutableFile(atPath: WebDriverServer.executable) else {
            throw XCTSkip("\(WebDriverServer.executable) is missing (apt-get install webkit2gtk-driver)")
        }
        guard try runTool("/usr/bin/env", ["python3", "-c", "import selenium"]).status == 0 else {
            throw XCTSkip("Python's selenium is missing (pip install selenium)")
        }
        let host = try HostLauncher(executable: HostLauncher.builtExecutable(app, for: Self.self))
        var environment = host.environment
        environment["WEBVIEWHOST_RESOURCES"] = Self.resources.path
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let driver = try WebDriverServer(environment: environment)
        defer { driver.stop() }
        let python = try AppProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                    ["python3", Self.scripts.appendingPathComponent(script).path,
                                     "--driver", driver.url, "--app", host.executable.path, "--browser-name", app]
                                        + Self.inputArguments,
                                    environment: environment)
        let status = python.waitForExit(timeout: 120)
        let report = "\(script): \(python.printed)\nWebKitWebDriver: \(driver.printed)"
        XCTAssertEqual(status, 0, report)
        return (python.printed, host)
    }
}
