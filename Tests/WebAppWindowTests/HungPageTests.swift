import Foundation
import TestHelpers
import WebAppWindow
import WebBridge
import WebKitGTK
import XCTest

/// Records the bridge's failures, to see how a call left waiting ended.
@MainActor
private final class FailureRecorder: WebViewBridgeDelegate {
    var errors: [String: [BridgeError]] = [:]
    func bridge(_ bridge: WebViewBridge, didFail failure: BridgeFailure) {
        if case .message(let handler, let error) = failure { errors[handler, default: []].append(error) }
    }
}

/// A page stuck in a loop: the window says so in an info bar with Wait and Reload, the
/// bridge's waiting calls end at once with `page-unresponsive`, and the bar goes when the
/// page answers again.
final class HungPageTests: GTKTestCase {
    private static let page = """
        <title>busy page</title>
        <button id="loop" onclick="while (true) {}">Loop</button>
        <button id="busy" onclick="const end = Date.now() + 12000; while (Date.now() < end) {}">Busy</button>
        """

    @MainActor
    private final class Fixture {
        let server: LoopbackServer
        let window: AppWindow
        let failures = FailureRecorder()
        var waiting: [BridgeReply] = []

        init(wait: Duration = .seconds(10)) throws {
            server = try LoopbackServer()
            server.page("/", HungPageTests.page)
            var configuration = AppWindowConfiguration(appName: "Hung page test", width: 480, height: 360)
            configuration.unresponsivePageWait = wait
            window = AppWindow(configuration: configuration)
            window.bridge.add(Handler(name: "slow", timeout: .seconds(300)) { [unowned self] _, reply in waiting.append(reply) })
            window.bridge.delegate = failures
            window.show()
        }

        func loadPage() async throws {
            window.load(uri: server.url("/"))
            try await eventually("the page has window.bridge") {
                guard self.window.webView.title == "busy page", !self.window.webView.isLoading else { return false }
                return try await self.window.webView.evaluateJavaScript("typeof window.bridge", as: String.self) == "object"
            }
        }

        /// A call the page makes and the app does not answer yet; the page keeps its error code.
        func startWaitingCall() async throws {
            _ = try await window.webView.evaluateJavaScript(
                "window.bridge.invoke('slow').catch(error => { window.slowCode = error.code }); true")
            try await waitUntil("the handler got the call") { self.waiting.count == 1 }
        }

        /// Clicks `button` from a timer, so the evaluation that asks comes back first.
        func press(_ button: String) async throws {
            _ = try await window.webView.evaluateJavaScript(
                "setTimeout(() => document.getElementById('\(button)').click(), 50); true")
        }

        /// WebKit checks that the web process answers when the user acts on the page: keys,
        /// pressed as a user of a frozen window would, until the bar shows.
        struct NoBar: Error {}

        func waitForTheBar(timeout: TimeInterval = 40) async throws {
            let windowID = try XCTUnwrap(X11Windows.waitFor("busy page"))
            let deadline = Date().addingTimeInterval(timeout)
            while !window.unresponsivePageBar.isVisible {
                if Date() >= deadline { throw NoBar() }
                try X11Windows.press("a", in: windowID)
                try? await waitUntil(timeout: 2, "a moment") { self.window.unresponsivePageBar.isVisible }
            }
        }

        /// Presses `button` (the endless loop by default) and waits until the bar shows.
        func hangUntilTheBarShows(pressing button: String = "loop") async throws {
            try await press(button)
            try await waitForTheBar()
        }

        /// Waits until the page, reloaded, is the busy page again and answers script.
        func waitUntilThePageAnswersAgain() async throws {
            try await eventually(timeout: 30, "the page answers again") {
                guard self.window.webView.title == "busy page", !self.window.webView.isLoading else { return false }
                return try await self.window.webView.evaluateJavaScript("1 + 1", as: Int.self) == 2
            }
        }

        /// Asks the window to close, as its × does, and waits up to `timeout` until it has.
        func closeAndWaitUntilClosed(timeout: TimeInterval) async throws {
            var closed = false
            let observation = window.onClosed { closed = true }
            defer { observation.cancel() }
            window.requestClose()
            try await waitUntil(timeout: timeout, "the window closed") { closed }
        }
    }

    /// Runs `body` as a GTK test with a fixture (bar after `wait`) whose page is loaded;
    /// closes the window afterwards unless `body` closed it.
    private func hungPageTest(wait: Duration = .seconds(10),
                              _ body: @escaping @MainActor (Fixture, AppWindow) async throws -> Void) {
        gtkTest(timeout: 120) {
            let fixture = try Fixture(wait: wait)
            defer { fixture.window.close() }
            try await fixture.loadPage()
            try await body(fixture, fixture.window)
        }
    }

    func testALoopingPageShowsTheBarAndReloadBringsItBack() {
        hungPageTest { fixture, window in
            XCTAssertFalse(window.unresponsivePageBar.isVisible)
            try await fixture.startWaitingCall()
            try await fixture.hangUntilTheBarShows()
            XCTAssertFalse(window.webView.isWebProcessResponsive)
            XCTAssertEqual(window.unresponsivePageBar.message, "This page is not responding")
            XCTAssertEqual(window.unresponsivePageBar.buttonTitles, ["Wait", "Reload"])
            try await waitUntil("the waiting call ended") { fixture.failures.errors["slow"] != nil }
            XCTAssertEqual(fixture.failures.errors["slow"]?.map(\.code), [.pageUnresponsive])

            XCTAssertTrue(window.unresponsivePageBar.click("Reload"))
            XCTAssertFalse(window.unresponsivePageBar.isVisible)
            try await fixture.waitUntilThePageAnswersAgain()
            XCTAssertTrue(window.webView.isWebProcessResponsive)
            XCTAssertFalse(window.unresponsivePageBar.isVisible)
            XCTAssertNotEqual(window.webView.title, "This page stopped working", "Reload showed no error page")
        }
    }

    func testWaitHidesTheBarUntilThePageStillDoesNotAnswer() {
        hungPageTest(wait: .seconds(3)) { fixture, window in
            try await fixture.hangUntilTheBarShows()
            XCTAssertTrue(window.unresponsivePageBar.click("Wait"))
            XCTAssertFalse(window.unresponsivePageBar.isVisible)
            try await settle(milliseconds: 1000)
            XCTAssertFalse(window.unresponsivePageBar.isVisible, "the bar came back before the wait was over")
            try await waitUntil(timeout: 20, "the bar back after the wait") { window.unresponsivePageBar.isVisible }
            window.unresponsivePageBar.click("Reload")
            try await fixture.waitUntilThePageAnswersAgain()
        }
    }

    /// The × asks the page's beforeunload handler first; a page stuck in a loop cannot answer,
    /// and the window still closes (WebKit reports the close itself when the web process does
    /// not answer `tryClose`), instead of staying open for good.
    func testTheWindowOfAStuckPageStillCloses() {
        hungPageTest { fixture, _ in
            try await fixture.hangUntilTheBarShows()
            try await fixture.closeAndWaitUntilClosed(timeout: 20)
        }
    }

    /// Asked to close just as the page starts looping, before anyone noticed: the close
    /// itself makes WebKit look, and the window goes.
    func testAWindowAskedToCloseAsItsPageHangsCloses() {
        hungPageTest { fixture, window in
            try await fixture.press("loop")
            try await settle(milliseconds: 500)
            XCTAssertTrue(window.webView.isWebProcessResponsive, "WebKit noticed before anyone acted")
            try await fixture.closeAndWaitUntilClosed(timeout: 30)
        }
    }

    func testThePageThatRecoversLosesTheBarAndHearsWhyItsCallEnded() {
        hungPageTest { fixture, window in
            try await fixture.startWaitingCall()
            try await fixture.hangUntilTheBarShows(pressing: "busy")
            try await waitUntil(timeout: 40, "the bar gone once the page answers") {
                !window.unresponsivePageBar.isVisible && window.webView.isWebProcessResponsive
            }
            let code = try await window.webView.evaluateJavaScript("window.slowCode", as: String.self)
            XCTAssertEqual(code, "page-unresponsive")
            XCTAssertEqual(window.webView.title, "busy page", "the page was not reloaded")
        }
    }
}
