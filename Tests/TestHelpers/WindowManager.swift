import Foundation

/// A window manager (openbox, Debian package `openbox`) on the tests' display while this
/// object lives: Xvfb alone has none, and full screen is the window manager's to grant.
public final class WindowManager {
    private let process: AppProcess

    public init() throws {
        let executable = URL(fileURLWithPath: "/usr/bin/openbox")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HarnessError("needs a window manager: apt-get install --no-install-recommends openbox")
        }
        process = try AppProcess(executable, [], environment: ProcessInfo.processInfo.environment)
        // Ours, not one of an earlier test still on its way out: it is running once the
        // display names a window manager and stays running (a second openbox exits at once).
        guard poll(timeout: 15, { Self.isRunning ? true : nil }) != nil, process.process.wait(timeout: .milliseconds(300)) == nil
        else {
            throw HarnessError("openbox did not take the display: \(process.printed)")
        }
    }

    /// Whether a window manager says it runs on the display (EWMH `_NET_SUPPORTING_WM_CHECK`).
    private static var isRunning: Bool {
        (try? runTool("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]))?.output.contains("window id") == true
    }

    deinit {
        process.process.stop()
        _ = try? runTool("/usr/bin/xprop", ["-root", "-remove", "_NET_SUPPORTING_WM_CHECK"])
    }
}
