import Foundation
import TestHelpers
import XCTest

/// Builds the app with the package's Makefiles and starts it as installed (`make install`, a Debian
/// package): away from the source tree and without `WEBVIEWHOST_RESOURCES`, so it must find its own files.
///
/// Every packaging test shares one release build directory (`WEBVIEWHOST_INSTALL_BUILD_DIR`, default
/// `.build/install-release` in the package), kept between runs, so a test run pays for at most one
/// release build of each product.
public enum InstalledApp {
    /// The package's root: this file is `<root>/Tests/TestHelpers/InstalledApp.swift`.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The app's AppStream metainfo.
    public static let metainfo = packageRoot.appendingPathComponent("data/io.github.webviewhost.WebViewHost.metainfo.xml")

    /// The version of the newest `<release>` in an AppStream metainfo file: the Debian package's version.
    public static func newestRelease(in metainfo: URL = metainfo) throws -> String {
        let text = try String(contentsOf: metainfo, encoding: .utf8)
        let match = try XCTUnwrap(text.firstMatch(of: /<release version="([^"]+)" date="[0-9-]+"/), "no release entry in \(metainfo.path)")
        return String(match.1)
    }

    /// The release build directory every packaging test shares.
    public static var buildDirectory: String {
        ProcessInfo.processInfo.environment["WEBVIEWHOST_INSTALL_BUILD_DIR"]
            ?? packageRoot.appendingPathComponent(".build/install-release").path
    }

    /// Runs `make -C directory arguments… BUILD_DIR=<shared>`; throws with make's output if it fails.
    public static func make(_ arguments: [String], in directory: URL = packageRoot) throws {
        let result = try runTool("/usr/bin/make", ["-C", directory.path] + arguments + ["BUILD_DIR=\(buildDirectory)"])
        guard result.status == 0 else {
            throw HarnessError("make \(arguments.joined(separator: " ")) failed:\n\(result.output)")
        }
    }

    /// Replaces `text` in an installed file with a fresh marker and returns the marker, so only that
    /// copy of the file can produce what the test then waits for.
    public static func mark(_ file: URL, replacing text: String) throws -> String {
        let marker = "Installed \(UUID().uuidString.prefix(8))"
        let contents = try String(contentsOf: file, encoding: .utf8)
        guard contents.contains(text) else { throw HarnessError("\(file.path) no longer contains \(text)") }
        try contents.replacingOccurrences(of: text, with: marker).write(to: file, atomically: true, encoding: .utf8)
        return marker
    }

    /// Runs the desktop file's Exec line (without `%U`) as the desktop would: a bare command name is
    /// looked up in `PATH`.
    public static func launchFromDesktopFile(_ desktopFile: URL, expectingTitle title: String) throws {
        let entry = try String(contentsOf: desktopFile, encoding: .utf8)
        let exec = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
        let words = exec.split(separator: " ").map(String.init).filter { $0 != "%U" }
        let command = try XCTUnwrap(words.first)
        let executable = command.hasPrefix("/") ? command : try commandInPath(command)
        try launch(URL(fileURLWithPath: executable), Array(words.dropFirst()), expectingTitle: title)
    }

    /// Starts the executable from a fresh directory outside the source tree, waits for its window
    /// titled `title`, and quits it with Ctrl+Q.
    public static func launch(_ executable: URL, _ arguments: [String] = [], expectingTitle title: String) throws {
        let launcher = try HostLauncher(executable: executable)
        var environment = launcher.environment
        environment["WEBVIEWHOST_RESOURCES"] = nil
        let directory = TestDirectory()
        let app = try AppProcess(executable, arguments, environment: environment, directory: directory.url,
                                 keepingAlive: [launcher.bus])
        let window = try XCTUnwrap(try X11Windows.waitFor(title), "\(executable.path) showed no '\(title)': \(app.printed)")
        XCTAssertEqual(try X11Windows.pid(of: window), app.pid)
        assertWebKitLoadsTheWebProcessExtension(installedBeside: executable, environment: environment)
        try X11Windows.press("ctrl+q", in: window)
        XCTAssertEqual(app.waitForExit(), 0, app.printed)
    }

    /// The installed app links its private copy of the web process extension where WebKit
    /// loads it from (see `WebProcessExtension`): the user's runtime directory, which GLib
    /// takes from `XDG_RUNTIME_DIR` or, without one, the cache directory.
    public static func assertWebKitLoadsTheWebProcessExtension(installedBeside executable: URL, environment: [String: String],
                                                        file: StaticString = #filePath, line: UInt = #line) {
        let library = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/\(executable.lastPathComponent)/libWebViewHostWebProcess.so").standardizedFileURL.path
        XCTAssertTrue(FileManager.default.fileExists(atPath: library), "not installed: \(library)", file: file, line: line)
        let runtime = environment["XDG_RUNTIME_DIR"] ?? environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache"
        let parent = runtime + "/webviewhost"
        let links = ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: "\(parent)/\(directory)")) ?? []).compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "\(parent)/\(directory)/\($0)")
            }
        }
        XCTAssertTrue(links.contains(library), "no link to \(library) in \(parent): \(links)", file: file, line: line)
    }

    /// Whether an ELF file still has its symbol table (`.symtab`): false once stripped.
    public static func hasSymbolTable(_ binary: URL) throws -> Bool {
        let sections = try runTool("/usr/bin/readelf", ["--section-headers", "--wide", binary.path])
        guard sections.status == 0 else { throw HarnessError("readelf \(binary.path): \(sections.output)") }
        return sections.output.contains(" .symtab ")
    }

    private static func commandInPath(_ command: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let found = path.split(separator: ":").map({ "\($0)/\(command)" })
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw HarnessError("\(command) is not in PATH (\(path))")
        }
        return found
    }
}
