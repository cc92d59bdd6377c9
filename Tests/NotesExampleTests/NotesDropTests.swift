import Foundation
import TestHelpers
import XCTest

/// A notes file dragged from another window (as from the file manager) onto the notes
/// example's window is imported: its notes join the notebook and the page lists them.
final class NotesDropTests: GTKTestCase {
    func testANotesFileDroppedOntoTheWindowIsImported() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let files = TestDirectory()
        let dropped = files.write("exported.json", """
            [{"id": "a", "text": "Buy milk", "created": "2026-12-02T06:00:00Z"},
             {"id": "b", "text": "Call Ada", "created": "2026-12-02T06:01:00Z"}]
            """)
        let app = try host.launch()
        defer { app.process.stop() }
        let window = try XCTUnwrap(try X11Windows.waitFor("Notes (0)"), "no empty notebook: \(app.printed)")
        try runTool("/usr/bin/xdotool", ["windowmove", "--sync", window, "420", "0"])
        gtkTest(timeout: 60) {
            let source = DragSource(files: [dropped])
            defer { source.close() }
            try await source.drag(to: 610, 170)
            let imported = try await Task.detached { try X11Windows.waitFor("Notes (2)", timeout: 20) }.value
            XCTAssertNotNil(imported, "the dropped notes were not imported: \(app.printed)")
        }
    }
}
