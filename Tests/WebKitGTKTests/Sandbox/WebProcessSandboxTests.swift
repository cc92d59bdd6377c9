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

    func testAContextMadeWithTheSandboxOffSharesThisProcesssNamespaces() {
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
            try context.addSandboxPath(files.url.path)
            XCTAssertEqual(context.sandboxPaths.last, files.url.path)
            let host = TestWindow(view: WebView(context: context))
            XCTAssertThrowsError(try context.addSandboxPath("/srv")) { error in
                XCTAssertEqual(error as? SandboxPathError, .tooLate("/srv"))
            }
            host.close()
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

    func testThePreflightNamesAMissingBubblewrap() {
        let missing = TestDirectory().url.appendingPathComponent("bwrap").path
        gtkTest {
            setenv(WebProcessSandbox.bubblewrapPathVariable, missing, 1)
            defer { unsetenv(WebProcessSandbox.bubblewrapPathVariable) }
            let readings = WebProcessSandbox.preflight()
            XCTAssertEqual(readings.problem, .bubblewrapMissing(path: missing))
            XCTAssertNil(readings.trial)
        }
    }

    func testThePreflightReportsABubblewrapThatCannotBuildASandbox() {
        let files = TestDirectory()
        let fake = files.write("bwrap", "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
        chmod(fake.path, 0o755)
        gtkTest {
            setenv(WebProcessSandbox.bubblewrapPathVariable, fake.path, 1)
            defer { unsetenv(WebProcessSandbox.bubblewrapPathVariable) }
            let readings = WebProcessSandbox.preflight()
            XCTAssertEqual(readings.trial, .failed(status: 1, message: "bwrap: No permissions to create new namespace"))
            XCTAssertNotNil(readings.problem)
        }
    }

    func testThePreflightNeverWaitsLongerThanItsBound() {
        let files = TestDirectory()
        let hung = files.write("bwrap", "#!/bin/sh\nexec sleep 60\n")
        chmod(hung.path, 0o755)
        gtkTest {
            setenv(WebProcessSandbox.bubblewrapPathVariable, hung.path, 1)
            defer { unsetenv(WebProcessSandbox.bubblewrapPathVariable) }
            let clock = ContinuousClock()
            let start = clock.now
            let readings = WebProcessSandbox.preflight(timeout: 0.5)
            XCTAssertLessThan(clock.now - start, .seconds(10))
            XCTAssertEqual(readings.problem, .bubblewrapHung(seconds: 0.5))
        }
    }
}
