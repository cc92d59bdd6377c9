import Foundation
import Geocoding
import SoupWebSocket
import TestHelpers
import WebKitGTK
import WebSocketBridge
import WebAppWindow
import WebViewHostApp
import XCTest

/// Resources/feed.html in a real app window against the shipped feed server: connect,
/// subscribe, live feed, a server restart survived with the subscription restored, the
/// connection taken up again after a reload, disconnect.
final class FeedDemoWindowTests: GTKTestCase {
    func testTheFeedPageShowsALiveFeedAndSurvivesAServerRestart() throws {
        let resources = try XCTUnwrap(AppResources.locate())
        gtkTest(timeout: 45) {
            var server = try FeedServerProcess(rate: 10)
            let port = server.port
            defer { server.stop() }
            let services = DemoServices(webSockets: WebSocketRegistry(configuration: WebSocketConfiguration(
                handshakeTimeout: .seconds(2), closeTimeout: .milliseconds(500),
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(100), maxDelay: .milliseconds(400)), keepAlive: nil)))
            let controller = makeWindow(width: 1100, height: 800, services: services)
            defer { controller.close() }
            controller.show()
            try await open(resources.url(for: "feed.html").absoluteString, in: controller)
            let page = FeedPage(view: controller.webView)

            try await page.run("$('url').value = \(page.quoted(server.url())); $('connect').click();")
            try await eventually("open") { try await page.text("state") == "open" }
            try await page.run("document.querySelector('[data-topic=news]').click();")
            try await eventually("news listed") { try await page.feedTopics().count >= 3 }
            let topics = try await page.feedTopics()
            let pressed = try await page.pressedTopics()
            XCTAssertEqual(Set(topics), ["news"])
            XCTAssertEqual(pressed, ["news"])

            server.stop()
            try await eventually("reconnecting shown") { try await page.text("state").hasPrefix("reconnecting") }
            try await eventually("attempts counted") { try await Int(page.text("attempts")) ?? 0 >= 2 }
            let lastError = try await page.text("last-error")
            XCTAssertNotEqual(lastError, "–", "the page says why")
            let listed = try await page.feedTopics().count
            server = try FeedServerProcess(port: port, rate: 10)
            try await eventually("open again") { try await page.text("state") == "open" }
            try await eventually("news again") { try await page.feedTopics().count >= listed + 3 }
            let history = try await page.text("history")
            XCTAssertTrue(history.contains("open again, subscriptions restored"), history)

            // The connection outlives the page: reloaded, the page takes it up again.
            let connection = try await page.text("connection-id")
            try await open(resources.url(for: "feed.html").absoluteString, in: controller)
            try await eventually("taken up again") { try await page.text("connection-id") == connection }
            let pressedAfterReload = try await page.pressedTopics()
            XCTAssertEqual(pressedAfterReload, ["news"])
            try await eventually("news after the reload") { try await page.feedTopics().count >= 2 }

            try await page.run("$('disconnect').click();")
            try await eventually("closed") { try await page.text("state").hasPrefix("closed") }
            XCTAssertEqual(services.webSockets.connectionIDs, [])
            let logged = try await controller.webView.evaluateJavaScript(
                "Array.from(document.querySelectorAll('#log tbody td:nth-child(4)')).map((cell) => cell.textContent)",
                as: [String].self)
            XCTAssertTrue(Set(logged).isSuperset(of: ["ws.connect", "ws.close", "ws.state"]), "\(Set(logged))")
        }
    }

    func testConnectingToAServerThatIsDownShowsTheError() throws {
        let resources = try XCTUnwrap(AppResources.locate())
        let stopped = try FeedServerProcess()
        stopped.stop()
        gtkTest {
            let controller = makeWindow(width: 900, height: 700, services: DemoServices())
            defer { controller.close() }
            controller.show()
            try await open(resources.url(for: "feed.html").absoluteString, in: controller)
            let page = FeedPage(view: controller.webView)
            try await page.run("sessionStorage.clear(); $('url').value = \(page.quoted(stopped.url())); $('connect').click();")
            try await eventually("error shown") { try await !page.text("error").isEmpty }
            let error = try await page.text("error")
            XCTAssertTrue(error.hasPrefix("Could not connect: the WebSocket handshake failed"), error)
            XCTAssertTrue(error.hasSuffix("[handler-failed]"), error)
            let state = try await page.text("state")
            XCTAssertEqual(state, "closed")
        }
    }
}

/// Reads and drives feed.html through its element ids.
@MainActor
private struct FeedPage {
    let view: WebView

    func run(_ script: String) async throws {
        _ = try await view.evaluateJavaScript(script + "; null")
    }

    func text(_ id: String) async throws -> String {
        try await view.evaluateJavaScript("document.getElementById(\(quoted(id))).textContent", as: String.self)
    }

    func feedTopics() async throws -> [String] {
        try await view.evaluateJavaScript(
            "Array.from(document.querySelectorAll('#feed .topic')).map((element) => element.textContent)", as: [String].self)
    }

    func pressedTopics() async throws -> [String] {
        try await view.evaluateJavaScript(
            "Array.from(document.querySelectorAll('#topics [aria-pressed=true]')).map((button) => button.dataset.topic)",
            as: [String].self)
    }

    func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
