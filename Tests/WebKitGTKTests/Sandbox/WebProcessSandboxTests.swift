import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// WebKit's web process sandbox on every context: the web process's own mount and PID
/// namespaces, the preflight's findings on this machine, the switch and the paths.
final class WebProcessSandboxTests: GTKTestCase {
    /// The web processes (below this process, as bwrap's grandchildren) a new context's view
    /// starts, found as the ones that were not there before.
    @MainActor
    private static func webProcesses(startedBy body: () async throws -> Void) async throws -> [Int32] {
        let before = Set(WebProcesses.below(getpid()))
        try await body()
        var started: [Int32] = []
        try await waitUntil(timeout: 20, "a web process started") {
            started = WebProcesses.below(getpid()).filter { !before.contains($0) }
            return !started.isEmpty
        }
        return started
    }

    func testAWebProcessRunsInMountAndPIDNamespacesOfItsOwn() {
        gtkTest {
            let context = WebContext.ephemeral()
            XCTAssertTrue(context.isSandboxed)
            var host: TestWindow?
            let started = try await Self.webProcesses {
                host = TestWindow(view: WebView(context: context))
                try await host!.loadHTML("<title>sandboxed</title><p>hi</p>")
            }
            // The page ran: the sandbox did not leave the view blank.
            let title = try await host!.view.evaluateJavaScript("document.title")
            XCTAssertEqual(title, .string("sandboxed"))
            for process in started {
                XCTAssertNotEqual(WebProcesses.namespace("mnt", of: process), WebProcesses.namespace("mnt", of: getpid()))
                XCTAssertNotEqual(WebProcesses.namespace("pid", of: process), WebProcesses.namespace("pid", of: getpid()))
                XCTAssertNotEqual(WebProcesses.namespace("net", of: process), WebProcesses.namespace("net", of: getpid()))
            }
            host!.close()
        }
    }

    func testAContextMadeWithTheSandboxOffSharesThisProcesssNamespaces() throws {
        #if GTK4
        throw XCTSkip("WebKitGTK 6.0 always sandboxes its web processes: there is no context without one")
        #else
        gtkTest {
            WebProcessSandbox.isEnabled = false
            let context = WebContext.ephemeral()
            WebProcessSandbox.isEnabled = true
            XCTAssertFalse(context.isSandboxed)
            XCTAssertEqual(context.sandboxPaths, [])
            var host: TestWindow?
            let started = try await Self.webProcesses {
                host = TestWindow(view: WebView(context: context))
                try await host!.loadHTML("<title>unconfined</title>")
            }
            for process in started {
                XCTAssertEqual(WebProcesses.namespace("mnt", of: process), WebProcesses.namespace("mnt", of: getpid()))
            }
            host!.close()
            // The switch is read per context: the next one is sandboxed again.
            XCTAssertTrue(WebContext.ephemeral().isSandboxed)
        }
        #endif
    }

    func testPathsAreAddedBeforeTheFirstViewAndRefusedAfter() {
        let files = TestDirectory()
        gtkTest {
            let context = WebContext.ephemeral()
            // Every context sees the extension links and the libraries this process loaded from outside /usr.
            XCTAssertTrue(context.sandboxPaths.contains(WebProcessSandbox.extensionLinksDirectory), "\(context.sandboxPaths)")
            XCTAssertTrue(context.sandboxPaths.contains { Bundle.main.bundlePath.hasPrefix($0) || $0.hasPrefix("/opt") },
                          "\(context.sandboxPaths)")
            XCTAssertThrowsError(try context.addSandboxPath("relative/path")) { error in
                XCTAssertEqual(error as? SandboxPathError, .notAbsolute("relative/path"))
            }
            XCTAssertThrowsError(try context.addSandboxPath("/proc/self")) { error in
                XCTAssertEqual(error as? SandboxPathError, .notAllowed("/proc/self"))
            }
            // WebKit would only warn and leave a missing path out.
            let missing = files.url.appendingPathComponent("missing").path
            XCTAssertThrowsError(try context.addSandboxPath(missing)) { error in
                XCTAssertEqual(error as? SandboxPathError, .missing(missing))
            }
            try context.addSandboxPath(files.url.path)
            XCTAssertEqual(context.sandboxPaths.last, files.url.path)
            let host = TestWindow(view: WebView(context: context))
            XCTAssertThrowsError(try context.addSandboxPath("/srv")) { error in
                XCTAssertEqual(error as? SandboxPathError, .tooLate("/srv"))
            }
            host.close()
        }
    }

    /// A directory added to a new context's sandbox and a page (outside it) shown by a view of
    /// the context; `body` runs with the directory, the page and the view, then all is closed.
    private func sandboxedPage(_ body: @escaping @MainActor (URL, URL, TestWindow) async throws -> Void) {
        let sandboxed = SandboxedFiles()
        gtkTest(timeout: 60) {
            let host = TestWindow(view: WebView(context: try sandboxed.context()))
            host.view.load(fileAtPath: sandboxed.page.path)
            try await waitUntil(timeout: 20, "the page") { host.view.title == "page" && !host.view.isLoading }
            try await body(sandboxed.added, sandboxed.page, host)
            host.close()
        }
    }

    /// WebKit 2.50 binds a context's own paths with `--ro-bind-try`: bwrap skips one that is
    /// gone, so the next web process starts without it.
    func testAPathDeletedOrRenamedAfterStartUpLeavesTheNextWebProcessRunning() {
        sandboxedPage { added, page, host in
            try FileManager.default.moveItem(at: added, to: added.appendingPathExtension("old"))
            host.view.terminateWebProcess()
            try await waitUntil(timeout: 20, "error page") { host.view.title == "This page stopped working" }
            host.view.reload()
            try await waitUntil(timeout: 20, "the page in a new web process") { host.view.title == "page" && !host.view.isLoading }
            try FileManager.default.removeItem(at: added.appendingPathExtension("old"))
            let second = TestWindow(view: WebView(context: host.view.context))
            second.view.load(fileAtPath: page.path)
            try await waitUntil(timeout: 20, "the second view's page") { second.view.title == "page" && !second.view.isLoading }
            second.close()
        }
    }

    /// A path bwrap cannot look up for another reason than its absence (here a symlink loop;
    /// a parent replaced by a file, or unreadable, or a dead network mount are alike) makes
    /// bwrap fail, and WebKit aborts the app when a web process does not start
    /// ("readPIDFromPeer: Unexpected short read"): no view of the context may start one.
    func testAPathTheSandboxCannotBindStopsTheViewsNotTheApp() {
        sandboxedPage { added, page, host in
            try FileManager.default.removeItem(at: added)
            symlink(added.path, added.path)
            let problem = SandboxPathProblem(path: added.path, reason: "Too many levels of symbolic links")
            XCTAssertEqual(host.view.context.sandboxProblem, problem)
            var refusals: [SandboxPathProblem] = []
            let observation = host.view.observe { if case .sandboxUnavailable(let problem) = $0 { refusals.append(problem) } }
            defer { observation.cancel() }
            // The ended process's error page would need a new one: the view shows nothing new.
            host.view.terminateWebProcess()
            try await waitUntil(timeout: 20, "the error page refused") { refusals == [problem] }
            // A new view of the context, likewise; a view whose process runs loads as ever.
            let second = TestWindow(view: WebView(context: host.view.context))
            var secondRefusals: [SandboxPathProblem] = []
            let secondObservation = second.view.observe { if case .sandboxUnavailable(let problem) = $0 { secondRefusals.append(problem) } }
            defer { secondObservation.cancel() }
            second.view.load(fileAtPath: page.path)
            XCTAssertEqual(secondRefusals, [problem])
            try await settle(milliseconds: 1000)
            XCTAssertNil(second.view.uri)

            // Mended (gone is enough: bwrap skips it), Reload brings both pages.
            unlink(added.path)
            XCTAssertNil(host.view.context.sandboxProblem)
            host.view.reload()
            try await waitUntil(timeout: 20, "the page back") { host.view.title == "page" && !host.view.isLoading }
            second.view.reload()
            try await waitUntil(timeout: 20, "the second view's page") { second.view.title == "page" && !second.view.isLoading }
            XCTAssertEqual(refusals, [problem])
            second.close()
        }
    }

    /// A crash's reload by itself is held back the same way, and Reload brings the page back.
    func testACrashWithAPathTheSandboxCannotBindIsNotReloadedIntoAnAbort() {
        let before = WebProcesses.children()
        sandboxedPage { added, _, host in
            try FileManager.default.removeItem(at: added)
            symlink(added.path, added.path)
            var refusals = 0
            var terminations: [WebProcessTermination] = []
            let observation = host.view.observe { event in
                if case .sandboxUnavailable = event { refusals += 1 }
                if case .webProcessTerminated(let reason) = event { terminations.append(reason) }
            }
            defer { observation.cancel() }
            XCTAssertGreaterThan(WebProcesses.kill(startedSince: before), 0, "no web process to kill")
            try await waitUntil(timeout: 20, "the crash's reload refused") { terminations == [.crashed] && refusals == 1 }
            unlink(added.path)
            host.view.reload()
            try await waitUntil(timeout: 20, "the page back") { host.view.title == "page" && !host.view.isLoading }
        }
    }

    func testThePreflightFindsTheSandboxOnThisMachine() {
        gtkTest {
            let readings = WebProcessSandbox.preflight()
            XCTAssertEqual(readings.bubblewrapPath, "/usr/bin/bwrap")
            XCTAssertTrue(readings.bubblewrapExecutable)
            XCTAssertEqual(readings.trial, .succeeded)
            XCTAssertNil(readings.problem)
        }
    }

    /// The preflight's readings with `WEBVIEWHOST_BWRAP` naming a `bwrap` of the test's own:
    /// a shell script running `script`, or none at all; bounded by `timeout`.
    private func preflight(script: String?, timeout: Double = 5,
                           _ check: @escaping @MainActor (SandboxReadings, String) -> Void) {
        startedPreflight(script: script, timeout: timeout) { pending, path in check(pending.readings(), path) }
    }

    /// `preflight(script:timeout:_:)` in its two steps: `check` gets the started preflight.
    private func startedPreflight(script: String?, timeout: Double = 5,
                                  _ check: @escaping @MainActor (WebProcessSandbox.PendingPreflight, String) async -> Void) {
        let directory = TestDirectory()
        let path = directory.url.appendingPathComponent("bwrap").path
        if let script {
            FileManager.default.createFile(atPath: path, contents: Data(("#!/bin/sh\n" + script + "\n").utf8),
                                           attributes: [.posixPermissions: 0o755])
        }
        gtkTest {
            setenv(WebProcessSandbox.bubblewrapPathVariable, path, 1)
            defer { unsetenv(WebProcessSandbox.bubblewrapPathVariable) }
            await check(WebProcessSandbox.startPreflight(timeout: timeout), path)
        }
        withExtendedLifetime(directory) {}
    }

    /// Started as an app starts running, the trial sandbox runs beside the app's own work
    /// (its registration on the session bus): starting it does not wait for it, and reading
    /// it afterwards takes only what is left of it.
    func testThePreflightsTrialRunsBesideWhatTheAppDoesMeanwhile() {
        let clock = ContinuousClock()
        var started = clock.now
        startedPreflight(script: "sleep 1; exit 0") { pending, _ in
            XCTAssertLessThan(clock.now - started, .milliseconds(500), "starting the trial waited for it")
            started = clock.now
            try? await Task.sleep(for: .seconds(1.2))
            let readings = pending.readings()
            XCTAssertLessThan(clock.now - started, .seconds(1.5), "the trial ran only while it was read")
            XCTAssertEqual(readings.trial, .succeeded)
            XCTAssertEqual(pending.readings(), readings, "read once")
        }
    }

    /// The bound counts from the start: a trial that hangs past it while the app works is
    /// reported hung at once.
    func testAStartedPreflightsBoundCountsFromItsStart() {
        let clock = ContinuousClock()
        startedPreflight(script: "exec sleep 60", timeout: 0.5) { pending, _ in
            try? await Task.sleep(for: .seconds(0.8))
            let reading = clock.now
            XCTAssertEqual(pending.readings().problem, .bubblewrapHung(seconds: 0.5))
            XCTAssertLessThan(clock.now - reading, .milliseconds(400))
        }
    }

    func testThePreflightNamesAMissingBubblewrap() {
        preflight(script: nil) { readings, path in
            XCTAssertEqual(readings.problem, .bubblewrapMissing(path: path))
            XCTAssertNil(readings.trial)
        }
    }

    func testThePreflightReportsABubblewrapThatCannotBuildASandbox() {
        preflight(script: "echo 'bwrap: No permissions to create new namespace' >&2; exit 1") { readings, _ in
            XCTAssertEqual(readings.trial, .failed(status: 1, message: "bwrap: No permissions to create new namespace"))
            XCTAssertNotNil(readings.problem)
        }
    }

    func testThePreflightNeverWaitsLongerThanItsBound() {
        let clock = ContinuousClock()
        let start = clock.now
        preflight(script: "exec sleep 60", timeout: 0.5) { readings, _ in
            XCTAssertEqual(readings.problem, .bubblewrapHung(seconds: 0.5))
        }
        XCTAssertLessThan(clock.now - start, .seconds(10))
    }
}
