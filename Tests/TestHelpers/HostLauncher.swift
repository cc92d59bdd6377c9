import Foundation
import TestHelpers
import XCTest

/// Launches a built app (`webview-host`, the examples) as a desktop session would: on a private session bus,
/// with XDG directories and demo pages of the test's own, under the tests' X display.
public final class HostLauncher {
    /// The private session bus the app is started on (single instance, portals).
    public let bus: SessionBus
    /// Home of the XDG data, cache, state and config directories.
    public let home = TestDirectory()
    /// Pages served as `app://localhost/` in place of the demo pages.
    public let site = TestDirectory()
    /// The app started by `launch`.
    public let executable: URL

    /// A launcher of `executable`; throws without an X display (run under `xvfb-run -a`).
    public init(executable: URL) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw HarnessError("needs an X display: run the tests under xvfb-run -a")
        }
        bus = try SessionBus()
        self.executable = executable
    }

    /// The environment the app gets: the private bus, the test's XDG directories and pages.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment.merge(AccessibilityBus.absent) { $1 }
        environment["WEBVIEWHOST_RESOURCES"] = site.url.path
        for (variable, folder) in [("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                                   ("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config")] {
            environment[variable] = home.url.appendingPathComponent(folder).path
        }
        return environment
    }

    /// Starts the app; `changes` adds to (or replaces) its environment.
    public func launch(_ arguments: [String] = [], directory: URL? = nil, environment changes: [String: String] = [:]) throws -> AppProcess {
        try AppProcess(executable, arguments, environment: environment.merging(changes) { $1 }, directory: directory,
                       keepingAlive: [bus])
    }

    /// System data directories as on a desktop where no program handles any URI scheme:
    /// GSettings schemas, MIME types and icons, but no `applications` folder.
    public func dataDirectoriesWithoutHandlers() throws -> String {
        let shared = home.url.appendingPathComponent("no-handlers")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        for folder in ["glib-2.0", "mime", "icons", "themes"] {
            let link = shared.appendingPathComponent(folder)
            if !FileManager.default.fileExists(atPath: link.path) {
                try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/usr/share/\(folder)")
            }
        }
        return shared.path
    }

    /// The app's own folders under the XDG directories (`…/io.github.webviewhost.WebViewHost`).
    public func applicationFolders() -> [URL] {
        ["data", "cache", "state", "config"].map {
            home.url.appendingPathComponent($0).appendingPathComponent("io.github.webviewhost.WebViewHost")
        }
    }

    /// Every file and folder under the app's own XDG folders.
    public func storedFiles() -> [String] {
        applicationFolders().flatMap { folder in
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).map { "\(folder.path)/\($0)" }
        }
    }

    /// An executable SwiftPM built next to the test bundle (`webview-host`, `notes-app`).
    public static func builtExecutable(_ name: String = "webview-host", for testCase: AnyClass) throws -> URL {
        let bundle = Bundle(for: testCase).bundleURL
        let candidates = [bundle.deletingLastPathComponent(), bundle, Bundle.main.bundleURL]
        for directory in candidates {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw HarnessError("\(name) was not built next to the tests (looked in \(candidates.map(\.path)))")
    }
}
