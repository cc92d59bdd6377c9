import Foundation
import TestHelpers
import XCTest

/// A page whose file name is not UTF-8 (Latin-1 `café.html`, byte E9) opens from the command
/// line like any other (issue 9, item 16): the name crosses as the bytes it is, through a
/// shell, since `ChildProcess` takes only Swift strings.
final class FileNameBytesTests: XCTestCase {
    func testAFileWhoseNameIsNotUTF8Opens() throws {
        let launcher = try HostLauncher(executable: try HostLauncher.builtExecutable(for: Self.self))
        let folder = TestDirectory()
        let marker = "Latin-1 \(UUID().uuidString.prefix(8))"
        let script = #"""
            page="$(printf '%s/caf\351.html' "$1")"
            printf '<title>%s</title><p>bytes</p>' "$2" > "$page"
            exec "$0" "$page"
            """#
        let app = try AppProcess(URL(fileURLWithPath: "/bin/sh"),
                                 ["-c", script, launcher.executable.path, folder.url.path, marker],
                                 environment: launcher.environment, keepingAlive: [launcher.bus])
        let window = try X11Windows.waitFor(marker)
        XCTAssertNotNil(window, "the page did not show; the app printed: \(app.printed)")
        withExtendedLifetime(app) {}
    }
}
