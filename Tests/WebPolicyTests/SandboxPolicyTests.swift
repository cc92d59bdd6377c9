import WebPolicy
import XCTest

/// The sandbox's start-up rule: what each finding and opt-out decides.
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

    /// A runtime directory WebKit's sandbox cannot use stops it even where a trial run works
    /// (the trial does not use that directory); a missing `bwrap` is named first.
    func testARuntimeDirectoryProblemOutranksTheTrialRun() {
        let linked = SandboxProblem.runtimeDirectoryLinked(path: "/var/run/x", link: "/var/run", userID: 1000)
        var found = readings(trial: .succeeded)
        found.runtimeDirectoryProblem = linked
        XCTAssertEqual(found.problem, linked)
        var missing = readings(executable: false)
        missing.runtimeDirectoryProblem = linked
        XCTAssertEqual(missing.problem, .bubblewrapMissing(path: "/usr/bin/bwrap"))
    }

    func testTheDefaultRefusesToRunUnconfined() {
        let policy = SandboxPolicy()
        XCTAssertTrue(policy.wantsSandbox())
        XCTAssertEqual(policy.decide(problem: nil), .sandboxed)
        XCTAssertEqual(policy.decide(problem: .bubblewrapMissing(path: "/usr/bin/bwrap")), .refused(.bubblewrapMissing(path: "/usr/bin/bwrap")))
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
            XCTAssertEqual(policy.wantsSandbox(), expected == nil)
            XCTAssertTrue(policy.wantsSandbox(canRunUnconfined: false), "\(policy)")
        }
        XCTAssertEqual(SandboxPolicy(arguments: ["--no-sandbox"]).decide(problem: nil), .unsandboxed(.optedOut(.commandLine)))
        XCTAssertEqual(SandboxPolicy(environment: ["WEBVIEWHOST_NO_SANDBOX": "yes"]).decide(problem: .appArmorRestricted),
                       .unsandboxed(.optedOut(.environment)))
        XCTAssertEqual(SandboxPolicy(requirement: .off).decide(problem: nil), .unsandboxed(.optedOut(.application)))
    }

    /// WebKitGTK 6.0 cannot run web content unconfined: an opt-out keeps the sandbox with a
    /// warning, and no requirement runs unconfined where the sandbox cannot start.
    func testAWebKitThatCannotRunUnconfinedKeepsTheSandboxOrRefuses() {
        let missing = SandboxProblem.bubblewrapMissing(path: "/usr/bin/bwrap")
        XCTAssertEqual(SandboxPolicy(arguments: ["--no-sandbox"]).decide(problem: nil, canRunUnconfined: false),
                       .sandboxedDespiteOptOut(.commandLine))
        XCTAssertEqual(SandboxPolicy(requirement: .off).decide(problem: nil, canRunUnconfined: false),
                       .sandboxedDespiteOptOut(.application))
        XCTAssertEqual(SandboxPolicy(environment: ["WEBVIEWHOST_NO_SANDBOX": "1"]).decide(problem: missing, canRunUnconfined: false),
                       .refused(missing))
        XCTAssertEqual(SandboxPolicy(requirement: .whenAvailable).decide(problem: missing, canRunUnconfined: false), .refused(missing))
        XCTAssertEqual(SandboxPolicy().decide(problem: nil, canRunUnconfined: false), .sandboxed)
    }

    func testWhenAvailableFallsBackWithTheReason() {
        let policy = SandboxPolicy(requirement: .whenAvailable)
        XCTAssertEqual(policy.decide(problem: nil), .sandboxed)
        XCTAssertEqual(policy.decide(problem: .userNamespacesDisabled(sysctl: "user.max_user_namespaces")),
                       .unsandboxed(.unavailable(.userNamespacesDisabled(sysctl: "user.max_user_namespaces"))))
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
