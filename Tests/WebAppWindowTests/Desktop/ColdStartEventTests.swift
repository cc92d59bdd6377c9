import Foundation
import TestHelpers
import WebAppWindow
import WebBridge
import WebKitGTK
import XCTest

/// A cold start through the app's URL scheme: the app opens its window for the URL and, from
/// `onURL`, sends the page an event of its own before the page has added its listeners (its
/// parser waits for a slow script first, as a cold page's may). Both that event and the `url`
/// event reach the listeners, in order.
final class ColdStartEventTests: GTKTestCase {
    func testAnEventSentFromOnURLReachesThePageThatListensOnlyOnceItHasLoaded() throws {
        let restoreBus = try InProcessAppBus.use()
        defer { restoreBus() }
        let server = try MainActor.assumeIsolated { try LoopbackServer() }
        let slowScript = MainActor.assumeIsolated {
            server.route("/slow.js") { _ in
                .inTwoParts("window.slow = 1;", then: "window.slow = 2;", after: .seconds(2), contentType: "text/javascript")
            }
            return server.url("/slow.js")
        }
        let directory = TestDirectory()
        directory.write("index.html", """
            <title>Journal</title><script src="\(slowScript)"></script><script>
            window.bridge.on('newEntry', (entry) => window.bridge.invoke('heard', 'newEntry ' + entry.title));
            window.bridge.on('url', (event) => window.bridge.invoke('heard', 'url ' + event.url));
            </script><p>journal</p>
            """)
        MainActor.assumeIsolated {
            var heard: [String] = []
            var failure: String?
            var app: WebApplication!
            let window = AppWindowConfiguration(appName: "Journal") { window in
                window.bridge.add(Handler.message("heard", as: String.self) { line in
                    heard.append(line)
                    if heard.count == 2 { app.closeAllWindowsNow() }
                })
            }
            var configuration = WebApplicationConfiguration(id: "io.github.webviewhost.ColdStartTest", webDirectory: directory.url,
                                                            window: window)
            configuration.ephemeral = true
            configuration.urlSchemes = [try! AppURLScheme("journal-test")]
            configuration.allowedSources = ["script-src": [server.origin]]
            app = WebApplication(configuration: configuration,
                                 directories: XDGDirectories(applicationID: "cold-start", home: directory.url.path))
            app.onURL = { _ in
                do { try app.dispatch("newEntry", ["title": "from the link"]) } catch { failure = "\(error)" }
            }
            let safety = MainLoop.after(.seconds(40)) {
                failure = "timed out: the page heard \(heard)"
                app.closeAllWindowsNow()
            }
            let status = app.run(uris: ["journal-test://new"])
            safety.cancel()
            XCTAssertNil(app.startupFailure)
            XCTAssertEqual(status, 0)
            XCTAssertNil(failure)
            XCTAssertEqual(heard, ["newEntry from the link", "url journal-test://new"])
        }
    }
}
