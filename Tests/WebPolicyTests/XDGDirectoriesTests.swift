import Foundation
import WebPolicy
import XCTest

/// The app's folders under the base directories (GLib's, in the app: see
/// `DesktopSessionTests.testAPrivateHomeHoldsTheWebsiteDataAndTheWindowState`).
final class XDGDirectoriesTests: XCTestCase {
    private let id = "org.example.App"

    func testEachFolderIsTheApplicationsOwnUnderItsBase() {
        let directories = XDGDirectories(applicationID: id, dataHome: "/d", cacheHome: "/c", configHome: "/f", stateHome: "/s")
        XCTAssertEqual(directories.data.path, "/d/org.example.App")
        XCTAssertEqual(directories.cache.path, "/c/org.example.App")
        XCTAssertEqual(directories.config.path, "/f/org.example.App")
        XCTAssertEqual(directories.state.path, "/s/org.example.App")
    }

    func testWebsiteDataHasItsOwnFolders() {
        let directories = XDGDirectories(applicationID: id, dataHome: "/d", cacheHome: "/home/u/.cache",
                                         configHome: "/f", stateHome: "/s")
        XCTAssertEqual(directories.websiteData.dataDirectory.path, "/d/org.example.App/WebKit")
        XCTAssertEqual(directories.websiteData.cacheDirectory.path, "/home/u/.cache/org.example.App/WebKit")
    }
}
