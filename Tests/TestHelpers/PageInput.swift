import Foundation
import LoopTestHelpers
import WebKitGTK
import XCTest

/// Clicks into the page with real X input (XTEST through xdotool), which WebKit counts as the
/// user interacting with the page, and waits until the page's `window.clicked` says it saw it.
/// The pointer first leaves the spot, so a second click there is a fresh move and press.
@MainActor
public func clickIntoPage(of host: TestWindow) async throws {
    let status = try await Task.detached {
        try ChildProcess("/usr/bin/xdotool", ["mousemove", "--sync", "400", "400", "mousemove", "--sync", "60", "60", "click", "1"])
            .wait().status
    }.value
    XCTAssertEqual(status, 0, "xdotool failed (apt-get install xdotool)")
    var seen = false
    try await waitUntil("the page saw the click") {
        Task { seen = try await host.view.evaluateJavaScript("window.clicked === true") == .bool(true) }
        return seen
    }
}

/// Answers authentication challenges with fixed credentials and records the challenges.
@MainActor
public final class RecordingAuthenticationPrompter: AuthenticationPrompter {
    public let answer: Credentials?
    public private(set) var challenges: [AuthenticationChallenge] = []

    public init(answer: Credentials?) {
        self.answer = answer
    }

    public func credentials(for challenge: AuthenticationChallenge) async -> Credentials? {
        challenges.append(challenge)
        return challenge.isRetry ? nil : answer
    }
}
