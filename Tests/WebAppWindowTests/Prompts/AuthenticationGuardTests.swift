import CWebKitGTKHelpers
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// HTTP Basic authentication against a loopback server.
final class AuthenticationGuardTests: GTKTestCase {
    @MainActor
    private static func protectedServer() throws -> LoopbackServer {
        let server = try LoopbackServer()
        let expected = "Basic " + Data("alice:s3cret pass".utf8).base64EncodedString()
        server.route("/private") { request in
            if request.headers["authorization"] == expected {
                return LoopbackServer.Response(body: "<title>welcome</title>")
            }
            return LoopbackServer.Response(status: 401, body: "<title>denied</title><p>You need an account to see this.</p>",
                                           headers: ["WWW-Authenticate": "Basic realm=\"Test Realm\""])
        }
        return server
    }

    /// Loads the protected page in a new view whose authentication guard asks `prompter`;
    /// calls `body` with the server and the view, then closes both.
    @MainActor
    private static func loadProtectedPage(asking prompter: AuthenticationPrompter,
                                          _ body: @MainActor (LoopbackServer, TestWindow) async throws -> Void) async throws {
        let server = try protectedServer()
        let host = TestWindow(view: WebView(context: .ephemeral()))
        let guardian = AuthenticationGuard(view: host.view, prompter: prompter)
        defer {
            withExtendedLifetime(guardian) {}
            host.close()
            server.stop()
        }
        host.view.load(uri: server.url("/private"))
        try await body(server, host)
    }

    func testCredentialsFromThePrompterReachTheServer() {
        gtkTest {
            let prompter = RecordingAuthenticationPrompter(answer: Credentials(user: "alice", password: "s3cret pass"))
            try await Self.loadProtectedPage(asking: prompter) { server, host in
                try await waitUntil("welcome page") { host.view.title == "welcome" }
                XCTAssertEqual(prompter.challenges, [AuthenticationChallenge(host: "127.0.0.1", port: server.port, realm: "Test Realm",
                                                                             isRetry: false, isProxy: false)])
                XCTAssertEqual(server.requests.last?.headers["authorization"],
                               "Basic " + Data("alice:s3cret pass".utf8).base64EncodedString())
            }
        }
    }

    /// Cancelling the prompt shows the server's own 401 page, not a blank one.
    func testCancelledPromptShowsTheServersUnauthorizedPage() {
        gtkTest {
            let prompter = RecordingAuthenticationPrompter(answer: nil)
            try await Self.loadProtectedPage(asking: prompter) { server, host in
                try await waitUntil("asked") { prompter.challenges.count == 1 }
                try await waitUntil("load ended") { !host.view.isLoading }
                try await settle()
                XCTAssertEqual(host.view.title, "denied")
                XCTAssertEqual(host.view.uri, server.url("/private"))
                let text = try await host.view.evaluateJavaScript("document.body.textContent", as: String.self)
                XCTAssertEqual(text, "You need an account to see this.")
                XCTAssertEqual(prompter.challenges.count, 1)
                XCTAssertEqual(server.requests.compactMap { $0.headers["authorization"] }, [])
            }
        }
    }

    func testWrongCredentialsAskAgainAsRetry() {
        gtkTest {
            let prompter = RecordingAuthenticationPrompter(answer: Credentials(user: "alice", password: "wrong"))
            try await Self.loadProtectedPage(asking: prompter) { _, host in
                try await waitUntil("asked twice") { prompter.challenges.count == 2 }
                try await waitUntil("load ended") { !host.view.isLoading }
                XCTAssertEqual(prompter.challenges.map(\.isRetry), [false, true])
                XCTAssertNotEqual(host.view.title, "welcome")
            }
        }
    }

    func testGTKDialogSendsWhatTheUserTyped() {
        gtkTest {
            let prompter = GTKAuthenticationPrompter()
            try await Self.loadProtectedPage(asking: prompter) { _, host in
                try await waitUntil("dialog shown") { prompter.visibleDialog != nil }
                let shown = try XCTUnwrap(prompter.visibleDialog)
                XCTAssertTrue(shown.isVisible)
                XCTAssertEqual(shown.entries.map(\.isSecret), [false, true])
                shown.entries[0].text = "alice"
                shown.entries[1].text = "s3cret pass"
                shown.respond(.ok)
                try await waitUntil("welcome page") { host.view.title == "welcome" }
                XCTAssertNil(prompter.visibleDialog)
            }
        }
    }
}
