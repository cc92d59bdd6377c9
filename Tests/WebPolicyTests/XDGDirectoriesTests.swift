import Foundation
import WebPolicy
import XCTest

final class XDGDirectoriesTests: XCTestCase {
    private let id = "org.example.App"

    func testResolutionTable() {
        let cases: [(environment: [String: String], data: String, cache: String, config: String, state: String)] = [
            ([:], "/home/u/.local/share/org.example.App", "/home/u/.cache/org.example.App",
             "/home/u/.config/org.example.App", "/home/u/.local/state/org.example.App"),
            (["XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/c", "XDG_CONFIG_HOME": "/f", "XDG_STATE_HOME": "/s"],
             "/d/org.example.App", "/c/org.example.App", "/f/org.example.App", "/s/org.example.App"),
            // Relative and empty values are invalid per the specification and fall back to the defaults.
            (["XDG_DATA_HOME": "relative/data", "XDG_CACHE_HOME": ""],
             "/home/u/.local/share/org.example.App", "/home/u/.cache/org.example.App",
             "/home/u/.config/org.example.App", "/home/u/.local/state/org.example.App"),
        ]
        for entry in cases {
            let directories = XDGDirectories(applicationID: id, environment: entry.environment, home: "/home/u")
            XCTAssertEqual(directories.data.path, entry.data, "\(entry.environment)")
            XCTAssertEqual(directories.cache.path, entry.cache, "\(entry.environment)")
            XCTAssertEqual(directories.config.path, entry.config, "\(entry.environment)")
            XCTAssertEqual(directories.state.path, entry.state, "\(entry.environment)")
        }
    }

    func testWebsiteDataHasItsOwnFolders() {
        let directories = XDGDirectories(applicationID: id, environment: ["XDG_DATA_HOME": "/d"], home: "/home/u")
        XCTAssertEqual(directories.websiteData.dataDirectory.path, "/d/org.example.App/WebKit")
        XCTAssertEqual(directories.websiteData.cacheDirectory.path, "/home/u/.cache/org.example.App/WebKit")
    }
}
