import Foundation
import TestHelpers
import WebAppWindow
import WebBridge
import WebKitGTK
import XCTest

/// Development mode of an app run with `swift run`: its web directory is the build's copy,
/// yet an edit of the package's own web folder reloads the page, which then shows the edit.
final class DevelopmentSourcesTests: GTKTestCase {
    func testAnEditOfTheSourcesReloadsThePageWithTheEdit() throws {
        let restoreBus = try InProcessAppBus.use()
        defer { restoreBus() }
        let package = TestDirectory()
        package.write("Package.swift", "// swift-tools-version:6.0")
        package.write("Sources/journal/main.swift", "")
        let page = { (version: String) in
            #"<title>\#(version)</title><script>window.bridge.invoke('ready', document.title);</script>"#
        }
        let source = package.write("Sources/journal/Web/index.html", page("version 1"))
        let copy = package.url.appendingPathComponent(".build/debug/Journal_journal.resources/Web")
        package.write(".build/debug/Journal_journal.resources/Web/index.html", page("version 1"))
        MainActor.assumeIsolated {
            var titles: [String] = []
            var failure: String?
            var app: WebApplication!
            let window = AppWindowConfiguration(appName: "Journal") { window in
                window.bridge.add(Handler.message("ready", as: String.self) { title in
                    titles.append(title)
                    if titles == ["version 1"] {
                        // What the developer does: edit the page's source, not the build's copy.
                        do { try page("version 2").write(to: source, atomically: true, encoding: .utf8) } catch { failure = "\(error)" }
                    } else {
                        app.closeAllWindowsNow()
                    }
                })
            }
            var configuration = WebApplicationConfiguration(id: "io.github.webviewhost.DevSourcesTest", webDirectory: copy, window: window,
                                                            sourceFile: package.url.appendingPathComponent("Sources/journal/main.swift").path)
            configuration.ephemeral = true
            configuration.developmentMode = true
            XCTAssertEqual(configuration.webSourceDirectory?.path, source.deletingLastPathComponent().standardizedFileURL.path)
            app = WebApplication(configuration: configuration,
                                 directories: XDGDirectories(applicationID: "dev-sources", home: package.url.path))
            let safety = MainLoop.after(.milliseconds(40_000)) {
                failure = "timed out: the page showed \(titles)"
                app.closeAllWindowsNow()
            }
            let status = app.run()
            safety.cancel()
            XCTAssertNil(app.startupFailure)
            XCTAssertEqual(status, 0)
            XCTAssertNil(failure)
            XCTAssertEqual(titles, ["version 1", "version 2"], "the edit of the sources did not reload the page with it")
        }
    }
}
