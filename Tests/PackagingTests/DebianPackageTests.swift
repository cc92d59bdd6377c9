import Foundation
import TestHelpers
import XCTest

/// `make deb` gives a Debian package that lintian accepts, that apt installs with the dependencies
/// dpkg-shlibdeps computed, whose `/usr/bin/webview-host` shows the installed start page, and that
/// purges without a trace. The notes example packages itself with the same script.
///
/// Installing needs root, dpkg and apt (CI has them); elsewhere the tests skip. Packages are
/// compressed fast (`DPKG_DEB_COMPRESSOR_LEVEL=1`) to keep the suite short.
final class DebianPackageTests: XCTestCase {
    private static let applicationID = "io.github.webviewhost.WebViewHost"

    override func setUpWithError() throws {
        guard getuid() == 0 else { throw XCTSkip("installs a Debian package: needs root") }
        for tool in ["/usr/bin/dpkg", "/usr/bin/apt-get"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("needs \(tool)")
        }
    }

    func testPackageInstallsWithAptShowsTheInstalledStartPageAndPurgesCleanly() throws {
        let output = TestDirectory()
        try InstalledApp.make(["deb", "DEB_DIR=\(output.url.path)", "DPKG_DEB_COMPRESSOR_LEVEL=1"])
        let version = try InstalledApp.newestRelease()
        let package = output.url.appendingPathComponent("webview-host_\(version)_\(try tool("/usr/bin/dpkg", "--print-architecture")).deb")
        XCTAssertTrue(FileManager.default.fileExists(atPath: package.path), "make deb made no \(package.lastPathComponent)")
        let depends = try tool("/usr/bin/dpkg-deb", "--field", package.path, "Depends")
        for library in ["libwebkit2gtk-4.1-0", "libgtk-3-0", "libgeonames0", "libc6"] {
            XCTAssertTrue(depends.contains(library), "Depends lacks \(library): \(depends)")
        }
        try assertLintianFindsNoErrors(package)

        addTeardownBlock { _ = try? self.apt("remove", "--purge", "-y", "webview-host") }
        try apt("install", "-y", package.path)
        let files = try tool("/usr/bin/dpkg", "--listfiles", "webview-host").split(separator: "\n").map(String.init)
            .filter { $0 != "/." }
        let binary = URL(fileURLWithPath: "/usr/bin/webview-host")
        let desktopFile = URL(fileURLWithPath: "/usr/share/applications/\(Self.applicationID).desktop")
        for path in [binary.path, desktopFile.path, "/usr/share/metainfo/\(Self.applicationID).metainfo.xml",
                     "/usr/share/icons/hicolor/scalable/apps/\(Self.applicationID).svg",
                     "/usr/share/doc/webview-host/copyright", "/usr/share/webview-host/Resources/index.html"] {
            XCTAssertTrue(files.contains(path), "the package does not install \(path)")
        }
        XCTAssertFalse(try InstalledApp.hasSymbolTable(binary), "the packaged binary is not stripped")

        let marker = try InstalledApp.mark(URL(fileURLWithPath: "/usr/share/webview-host/Resources/index.html"),
                                           replacing: "WebViewHost demos")
        try InstalledApp.launchFromDesktopFile(desktopFile, expectingTitle: marker)

        try apt("remove", "--purge", "-y", "webview-host")
        let left = files.filter { FileManager.default.fileExists(atPath: $0) }
        // What remains must be a directory another package also owns (/usr/share/applications, …).
        for path in left {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let owners = try runTool("/usr/bin/dpkg-query", ["--search", path])
            XCTAssertTrue(isDirectory.boolValue && owners.status == 0, "the purge left \(path) behind")
        }
    }

    /// Through the library's `deb` command plugin, as an app depending on it runs it (`make -C Examples/NotesApp deb`).
    func testNotesExamplePackagesItselfWithTheSameScriptAndFindsItsInstalledPage() throws {
        let example = InstalledApp.packageRoot.appendingPathComponent("Examples/NotesApp")
        let output = TestDirectory()
        try InstalledApp.make(["deb", "DEB_DIR=\(output.url.path)", "DPKG_DEB_COMPRESSOR_LEVEL=1"], in: example)
        let metainfo = example.appendingPathComponent("data/io.github.webviewhost.NotesExample.metainfo.xml")
        let package = output.url.appendingPathComponent(
            "notes-app_\(try InstalledApp.newestRelease(in: metainfo))_\(try tool("/usr/bin/dpkg", "--print-architecture")).deb")
        try assertLintianFindsNoErrors(package)

        // Unpacked where no package manager looks: the binary must find its page beside itself.
        let root = TestDirectory()
        try tool("/usr/bin/dpkg-deb", "--extract", package.path, root.url.path)
        let binary = root.url.appendingPathComponent("usr/bin/notes-app")
        XCTAssertFalse(try InstalledApp.hasSymbolTable(binary), "the packaged binary is not stripped")
        for path in ["usr/share/applications/io.github.webviewhost.NotesExample.desktop",
                     "usr/share/metainfo/io.github.webviewhost.NotesExample.metainfo.xml",
                     "usr/share/icons/hicolor/scalable/apps/io.github.webviewhost.NotesExample.svg"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.url.appendingPathComponent(path).path), "not packaged: \(path)")
        }
        // Its own URL scheme, so `gio open webviewhost-notes://…` finds it (NotesLinkTests opens one).
        let entry = try String(contentsOf: root.url.appendingPathComponent(
            "usr/share/applications/io.github.webviewhost.NotesExample.desktop"), encoding: .utf8)
        XCTAssertTrue(entry.contains("\nMimeType=x-scheme-handler/webviewhost-notes;\n"), entry)
        XCTAssertTrue(entry.contains("\nExec=notes-app %U\n"), entry)
        // The deb plugin leaves the page's development files out.
        for name in ["contract.d.ts", "bridge.d.ts", "tsconfig.json"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.url.appendingPathComponent("usr/share/notes-app/Web/\(name)").path),
                           "packaged a development file: \(name)")
        }
        let marker = try InstalledApp.mark(root.url.appendingPathComponent("usr/share/notes-app/Web/notes.js"),
                                           replacing: "Notes (")
        try InstalledApp.launch(binary, expectingTitle: "\(marker)0)")
    }

    /// The metainfo's newest `<release version=…>`: the package version.
    /// Lintian's errors (`E:` lines) fail the test; its warnings are allowed.
    private func assertLintianFindsNoErrors(_ package: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runTool("/usr/bin/lintian", [package.path])
        let errors = result.output.split(separator: "\n").filter { $0.hasPrefix("E:") }
        XCTAssertEqual(errors, [], "lintian:\n\(result.output)", file: file, line: line)
    }

    @discardableResult
    private func apt(_ arguments: String...) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DEBIAN_FRONTEND"] = "noninteractive"
        // Another apt or dpkg on the machine holds the lock for a while: wait for it.
        let result = try runTool("/usr/bin/apt-get", ["-o", "DPkg::Lock::Timeout=300"] + arguments, environment: environment)
        guard result.status == 0 else { throw HarnessError("apt-get \(arguments.joined(separator: " ")):\n\(result.output)") }
        return result.output
    }

    @discardableResult
    private func tool(_ path: String, _ arguments: String...) throws -> String {
        let result = try runTool(path, arguments)
        guard result.status == 0 else { throw HarnessError("\(path) \(arguments.joined(separator: " ")):\n\(result.output)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
