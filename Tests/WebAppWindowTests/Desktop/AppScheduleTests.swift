import Foundation
import TestHelpers
import WebAppWindow
import WebBridge
import WebKitGTK
import XCTest

/// A real `WebApplication` run in the test process (its own loop, until its last window
/// closes): `setUp` reaches the app, one `dispatch` reaches the page of every window, a
/// window's repeating timer stops with the window, and the app's runs until it quits.
final class AppScheduleTests: GTKTestCase {
    private struct Hello: Encodable { let n: Int }

    func testDispatchReachesEveryWindowAndTimersFollowTheirOwnersLifetime() throws {
        let restoreBus = try InProcessAppBus.use()
        defer { restoreBus() }
        let directory = TestDirectory()
        directory.write("index.html", #"<title>Schedule</title><script src="app.js"></script>"#)
        directory.write("app.js", """
            window.bridge.on('hello', (p) => window.bridge.invoke('got', p.n));
            window.bridge.invoke('ready', null);
            """)
        MainActor.assumeIsolated {
            var applications: [WebApplication?] = []
            var windows: [AppWindow] = []
            var ready = 0
            var got: [Int] = []
            var windowTicks: [ObjectIdentifier: Int] = [:]
            var appTicks = 0
            var ticksAtClose: Int?
            var ticksLater: Int?
            var failure: String?
            var app: WebApplication!
            let window = AppWindowConfiguration(appName: "Schedule") { window in
                applications.append(window.application)
                windows.append(window)
                let key = ObjectIdentifier(window)
                window.every(.milliseconds(20)) { windowTicks[key, default: 0] += 1 }
                window.bridge.add(Handler.action("ready") {
                    ready += 1
                    if ready == 1 { app.openWindow(uri: nil) }
                    if ready == 2 {
                        do { try app.dispatch("hello", Hello(n: 7)) } catch { failure = "\(error)" }
                    }
                })
                window.bridge.add(Handler.message("got", as: Int.self) { n in
                    got.append(n)
                    guard got.count == 2, let first = windows.first else { return }
                    first.close()
                    ticksAtClose = windowTicks[ObjectIdentifier(first)]
                    MainLoop.after(.milliseconds(300)) {
                        ticksLater = windowTicks[ObjectIdentifier(first)]
                        app.closeAllWindowsNow()
                    }
                })
            }
            var configuration = WebApplicationConfiguration(id: "io.github.webviewhost.ScheduleTest", webDirectory: directory.url,
                                                            window: window)
            configuration.ephemeral = true
            app = WebApplication(configuration: configuration, directories: XDGDirectories(applicationID: "schedule", home: directory.url.path))
            app.every(.milliseconds(20)) { appTicks += 1 }
            let safety = MainLoop.after(.milliseconds(40_000)) {
                failure = "timed out: ready \(ready), got \(got)"
                app.closeAllWindowsNow()
            }
            let status = app.run()
            safety.cancel()
            XCTAssertNil(failure)
            XCTAssertEqual(status, 0)
            XCTAssertEqual(applications.count, 2)
            XCTAssertTrue(applications.allSatisfy { $0 === app }, "setUp did not reach the app")
            XCTAssertEqual(got, [7, 7], "the event did not reach both windows' pages once each")
            XCTAssertGreaterThan(appTicks, 0)
            XCTAssertNotNil(ticksAtClose)
            XCTAssertEqual(ticksAtClose, ticksLater, "a closed window's timer went on")
            let quitTicks = appTicks
            _ = pump(timeout: 0.3) { false }
            XCTAssertEqual(appTicks, quitTicks, "the app's timer went on after it quit")
        }
    }
}
