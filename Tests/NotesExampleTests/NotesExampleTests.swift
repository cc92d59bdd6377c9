import Foundation
import TestHelpers
import XCTest

/// The example app in Examples/NotesApp, end to end: typing into its page stores notes
/// through its typed bridge handlers in `$XDG_DATA_HOME/io.github.webviewhost.NotesExample/notes.json`,
/// and the next launch lists them again.
final class NotesExampleTests: XCTestCase {
    private struct StoredNote: Decodable {
        let text: String
        let created: String
    }

    func testNotesTypedIntoThePageAreStoredAndListedAgainAfterARestart() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let file = host.home.url.appendingPathComponent("data/io.github.webviewhost.NotesExample/notes.json")
        func stored() throws -> [StoredNote] { try JSONDecoder().decode([StoredNote].self, from: Data(contentsOf: file)) }

        let first = try host.launch()
        let window = try XCTUnwrap(try X11Windows.waitFor("Notes (0)"), "no empty notebook: \(first.printed)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))

        try X11Windows.type("Buy milk", into: window)
        XCTAssertNotNil(try X11Windows.waitFor("Notes (1)", timeout: 10), "the note did not reach the page's list")
        XCTAssertEqual(try stored().map(\.text), ["Buy milk"])

        // Blank text is refused by the handler: nothing is stored.
        try X11Windows.type("   ", into: window)
        try X11Windows.type("Call Ada", into: window)
        XCTAssertNotNil(try X11Windows.waitFor("Notes (2)", timeout: 10))
        let notes = try stored()
        XCTAssertEqual(notes.map(\.text), ["Buy milk", "Call Ada"])
        XCTAssertNotNil(ISO8601DateFormatter().date(from: notes[0].created), notes[0].created)

        try X11Windows.press("ctrl+q", in: window)
        XCTAssertEqual(first.waitForExit(), 0, first.printed)

        let second = try host.launch()
        let again = try XCTUnwrap(try X11Windows.waitFor("Notes (2)"), "the notes were not read back: \(second.printed)")
        try X11Windows.press("ctrl+q", in: again)
        XCTAssertEqual(second.waitForExit(), 0, second.printed)
    }

    func testACorruptOrUnreadableNotesFileIsKeptAndTheUserIsTold() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
        let folder = host.home.url.appendingPathComponent("data/io.github.webviewhost.NotesExample")
        let file = folder.appendingPathComponent("notes.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let corrupt = Data("[{\"text\": \"Buy milk\", \"created\": ".utf8)
        try corrupt.write(to: file)

        for damage in ["corrupt", "unreadable"] {
            if damage == "unreadable" {
                // A folder where the file should be cannot be read, even by root.
                try FileManager.default.removeItem(at: file)
                try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            }
            let app = try host.launch()
            let window = try XCTUnwrap(try X11Windows.waitFor("Notes: cannot read the notes"),
                                       "the \(damage) file was not reported: \(app.printed)")
            XCTAssertNotNil(app.waitForLine { $0.hasPrefix("notes-app: cannot read \(file.path)") }, app.printed)
            try X11Windows.type("Call Ada", into: window)
            XCTAssertNil(try X11Windows.waitFor("Notes (1)", timeout: 2), "a note was stored over the \(damage) file")
            if damage == "corrupt" {
                XCTAssertEqual(try Data(contentsOf: file), corrupt, "the corrupt file was overwritten")
            } else {
                var isDirectory: ObjCBool = false
                XCTAssertTrue(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && isDirectory.boolValue)
            }
            try X11Windows.press("ctrl+q", in: window)
            XCTAssertEqual(app.waitForExit(), 0, app.printed)
        }
    }
}
