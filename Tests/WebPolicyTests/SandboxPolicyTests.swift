import WebPolicy
import XCTest

/// The sandbox's start-up rule: what each finding and opt-out decides, and what it says.
final class SandboxPolicyTests: XCTestCase {
    private func readings(executable: Bool = true, root: Bool = false, clone: Int? = nil, maximum: Int? = nil,
                          appArmor: Int? = nil, trial: SandboxReadings.Trial? = .succeeded) -> SandboxReadings {
        SandboxReadings(bubblewrapPath: "/usr/bin/bwrap", bubblewrapExecutable: executable, isRoot: root,
                        unprivilegedUserNamespaceClone: clone, maxUserNamespaces: maximum,
                        appArmorRestrictsUserNamespaces: appArmor, trial: executable ? trial : nil)
    }

    func testTheTrialRunDecidesAndTheSettingsExplainAFailure() {
        let failed = SandboxReadings.Trial.failed(status: 1, message: "bwrap: setting up uid map: Permission denied\nmore")
        let cases: [(SandboxReadings, SandboxProblem?)] = [
            (readings(), nil),
            // A setting alone proves nothing when the trial works (an AppArmor profile may allow bwrap).
            (readings(appArmor: 1), nil),
            (readings(executable: false), .bubblewrapMissing(path: "/usr/bin/bwrap")),
            (readings(clone: 0, trial: failed), .userNamespacesDisabled(sysctl: "kernel.unprivileged_userns_clone")),
            (readings(clone: 1, maximum: 0, trial: failed), .userNamespacesDisabled(sysctl: "user.max_user_namespaces")),
            (readings(maximum: 15000, appArmor: 1, trial: failed), .appArmorRestricted),
            (readings(maximum: 15000, appArmor: 0, trial: failed),
             .bubblewrapFailed(detail: "bwrap: setting up uid map: Permission denied")),
            // Root needs no user namespace: the settings explain nothing then.
            (readings(root: true, clone: 0, trial: failed), .bubblewrapFailed(detail: "bwrap: setting up uid map: Permission denied")),
            (readings(trial: .failed(status: 3, message: "")), .bubblewrapFailed(detail: "exit status 3")),
            (readings(trial: .timedOut(seconds: 5)), .bubblewrapHung(seconds: 5)),
            (readings(trial: .notStarted(reason: "Exec format error")), .bubblewrapFailed(detail: "Exec format error")),
        ]
        for (readings, expected) in cases {
            XCTAssertEqual(readings.problem, expected, "\(readings)")
        }
    }

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
        }
        XCTAssertEqual(SandboxProblem.userNamespacesDisabled(sysctl: "kernel.unprivileged_userns_clone").remedy,
                       "enable them (sudo sysctl -w kernel.unprivileged_userns_clone=1)")
        XCTAssertEqual(SandboxProblem.userNamespacesDisabled(sysctl: "user.max_user_namespaces").remedy,
                       "enable them (sudo sysctl -w user.max_user_namespaces=15000)")
    }

    /// A runtime directory WebKit's sandbox cannot use stops it even where a trial run works
    /// (the trial does not use that directory); a missing `bwrap` is named first.
    func testARuntimeDirectoryProblemOutranksTheTrialRun() {
        let linked = SandboxProblem.runtimeDirectoryLinked(path: "/var/run/x", link: "/var/run", userID: 1000)
        var found = readings(trial: .succeeded)
        found.runtimeDirectoryProblem = linked
        XCTAssertEqual(found.problem, linked)
        XCTAssertEqual(linked.remedy, "set XDG_RUNTIME_DIR to a directory of this user's elsewhere (such as /run/user/1000)")
        var missing = readings(executable: false)
        missing.runtimeDirectoryProblem = linked
        XCTAssertEqual(missing.problem, .bubblewrapMissing(path: "/usr/bin/bwrap"))
    }

    func testTheDefaultRefusesToRunUnconfined() {
        let policy = SandboxPolicy()
        XCTAssertTrue(policy.wantsSandbox)
        XCTAssertEqual(policy.decide(problem: nil), .sandboxed)
        XCTAssertEqual(policy.decide(problem: .bubblewrapMissing(path: "/usr/bin/bwrap")), .refused(message:
            "cannot sandbox web content: bubblewrap (bwrap) is not installed at /usr/bin/bwrap; install it (Debian and "
            + "Ubuntu: sudo apt install bubblewrap), or run with --no-sandbox (or WEBVIEWHOST_NO_SANDBOX=1) to run it unconfined"))
        XCTAssertEqual(SandboxPolicy.refusedExitStatus, 78)
    }

    func testTheUsersAndTheAppsOptOuts() {
        let cases: [(SandboxPolicy, SandboxPolicy.OptOut?)] = [
            (SandboxPolicy(arguments: ["--no-sandbox", "page.html"]), .commandLine),
            // After "--" it is a file name, not an option.
            (SandboxPolicy(arguments: ["--", "--no-sandbox"]), nil),
            (SandboxPolicy(environment: ["WEBVIEWHOST_NO_SANDBOX": "1"]), .environment),
            (SandboxPolicy(environment: ["WEBVIEWHOST_NO_SANDBOX": "TRUE"]), .environment),
            (SandboxPolicy(environment: ["WEBVIEWHOST_NO_SANDBOX": "0"]), nil),
            (SandboxPolicy(environment: ["WEBVIEWHOST_NO_SANDBOX": ""]), nil),
            (SandboxPolicy(requirement: .off), .application),
            (SandboxPolicy(requirement: .whenAvailable), nil),
        ]
        for (policy, expected) in cases {
            XCTAssertEqual(policy.optOut, expected, "\(policy)")
            XCTAssertEqual(policy.wantsSandbox, expected == nil)
        }
        XCTAssertEqual(SandboxPolicy(arguments: ["--no-sandbox"]).decide(problem: nil),
                       .unsandboxed(warning: "warning: web content runs without the sandbox (turned off by --no-sandbox)"))
        XCTAssertEqual(SandboxPolicy(environment: ["WEBVIEWHOST_NO_SANDBOX": "yes"]).decide(problem: .appArmorRestricted),
                       .unsandboxed(warning: "warning: web content runs without the sandbox (turned off by WEBVIEWHOST_NO_SANDBOX=1)"))
        XCTAssertEqual(SandboxPolicy(requirement: .off).decide(problem: nil),
                       .unsandboxed(warning: "warning: web content runs without the sandbox (turned off by the app's setting)"))
    }

    func testWhenAvailableFallsBackWithTheReason() {
        let policy = SandboxPolicy(requirement: .whenAvailable)
        XCTAssertEqual(policy.decide(problem: nil), .sandboxed)
        XCTAssertEqual(policy.decide(problem: .userNamespacesDisabled(sysctl: "user.max_user_namespaces")), .unsandboxed(
            warning: "warning: web content runs without the sandbox: unprivileged user namespaces are disabled (user.max_user_namespaces = 0)"))
    }

    func testTheBlankWindowCureFitsTheMachine() {
        func cure(_ display: String?, render: Bool, nvidia: Bool, _ environment: [String: String] = [:]) -> BlankWindowCure? {
            BlankWindowCure.forMachine(.init(displayServer: display, hasRenderNode: render, nvidiaDriver: nvidia,
                                             environment: environment))
        }
        XCTAssertEqual(cure("X11", render: true, nvidia: true)?.variable, "WEBKIT_DISABLE_DMABUF_RENDERER")
        XCTAssertEqual(cure("X11", render: true, nvidia: true, ["WEBKIT_DISABLE_DMABUF_RENDERER": "1"])?.applied, true)
        XCTAssertEqual(cure("X11", render: false, nvidia: false)?.variable, "WEBKIT_DISABLE_COMPOSITING_MODE")
        XCTAssertEqual(cure("X11", render: false, nvidia: false)?.applied, false)
        XCTAssertNil(cure("X11", render: true, nvidia: false))
        XCTAssertNil(cure("Wayland", render: true, nvidia: true))
    }
}
