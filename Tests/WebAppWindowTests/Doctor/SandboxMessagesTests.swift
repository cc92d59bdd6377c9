import WebAppWindow
import WebKitGTK
import XCTest

/// What the app tells the user about the sandbox (English here; the catalogs translate it):
/// every problem a reason and a remedy in one line each, and each decision its line.
final class SandboxMessagesTests: XCTestCase {
    func testEveryProblemSaysWhyAndWhatToDo() {
        let problems: [SandboxProblem] = [.bubblewrapMissing(path: "/usr/bin/bwrap"),
                                          .userNamespacesDisabled(sysctl: "kernel.unprivileged_userns_clone"),
                                          .userNamespacesDisabled(sysctl: "user.max_user_namespaces"), .appArmorRestricted,
                                          .bubblewrapFailed(detail: "x"), .bubblewrapHung(seconds: 5),
                                          .runtimeDirectoryLinked(path: "/var/tmp/h/.cache", link: "/var/tmp", userID: 1000),
                                          .runtimeDirectoryUnusable(path: "/nonexistent/.cache", reason: "Permission denied")]
        for problem in problems {
            XCTAssertFalse(problem.reason.isEmpty)
            XCTAssertFalse(problem.remedy.isEmpty)
            XCTAssertFalse((problem.reason + problem.remedy).contains("\n"), "\(problem)")
            XCTAssertFalse((problem.reason + problem.remedy).contains("{"), "a placeholder left unfilled: \(problem)")
        }
        XCTAssertEqual(SandboxProblem.userNamespacesDisabled(sysctl: "kernel.unprivileged_userns_clone").remedy,
                       "enable them (sudo sysctl -w kernel.unprivileged_userns_clone=1)")
        XCTAssertEqual(SandboxProblem.userNamespacesDisabled(sysctl: "user.max_user_namespaces").remedy,
                       "enable them (sudo sysctl -w user.max_user_namespaces=15000)")
        XCTAssertEqual(SandboxProblem.runtimeDirectoryLinked(path: "/var/run/x", link: "/var/run", userID: 1000).remedy,
                       "set XDG_RUNTIME_DIR to a directory of this user's elsewhere (such as /run/user/1000)")
    }

    func testARefusalSaysWhyWhatToDoAndHowToRunUnconfined() {
        XCTAssertEqual(SandboxProblem.bubblewrapMissing(path: "/usr/bin/bwrap").refusal(offeringOptOut: true),
                       "cannot sandbox web content: bubblewrap (bwrap) is not installed at /usr/bin/bwrap; install it (Debian and "
                       + "Ubuntu: sudo apt install bubblewrap), or run with --no-sandbox (or WEBVIEWHOST_NO_SANDBOX=1) to run it unconfined")
    }

    /// WebKitGTK 6.0 cannot run web content unconfined: its refusal offers no opt-out, and an
    /// opt-out there says it changed nothing.
    func testWhereUnconfinedIsImpossibleNoOptOutIsOfferedAndOneTriedIsAnswered() {
        XCTAssertEqual(SandboxProblem.bubblewrapMissing(path: "/usr/bin/bwrap").refusal(offeringOptOut: false),
                       "cannot sandbox web content: bubblewrap (bwrap) is not installed at /usr/bin/bwrap; install it (Debian and "
                       + "Ubuntu: sudo apt install bubblewrap) (WebKitGTK 6.0 cannot run web content unconfined)")
        XCTAssertEqual(SandboxPolicy.OptOut.commandLine.ignoredExplanation,
                       "web content stays in the sandbox although --no-sandbox turns it off: WebKitGTK 6.0 cannot run it unconfined")
        XCTAssertEqual(SandboxPolicy.OptOut.application.ignoredExplanation,
                       "web content stays in the sandbox although the app's setting turns it off: WebKitGTK 6.0 cannot run it unconfined")
    }

    func testAnUnconfinedRunSaysWhoOrWhatTurnedTheSandboxOff() {
        let cases: [(SandboxPolicy.Unconfined, String)] = [
            (.optedOut(.commandLine), "web content runs without the sandbox (turned off by --no-sandbox)"),
            (.optedOut(.environment), "web content runs without the sandbox (turned off by WEBVIEWHOST_NO_SANDBOX=1)"),
            (.optedOut(.application), "web content runs without the sandbox (turned off by the app's setting)"),
            (.unavailable(.userNamespacesDisabled(sysctl: "user.max_user_namespaces")),
             "web content runs without the sandbox: unprivileged user namespaces are disabled (user.max_user_namespaces = 0)"),
        ]
        for (why, expected) in cases { XCTAssertEqual(why.explanation, expected) }
    }
}
