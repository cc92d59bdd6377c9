import Foundation
import NotesHandlers
import TestHelpers
import WebBridge
import WebBridgeGTK
import WebKitGTK
import XCTest

/// The notes example's page (Examples/NotesApp/Web) in a real window with its real handlers:
/// editing and deleting notes by id, old files without ids, and failures told as sentences.
final class NotesPageTests: GTKTestCase {
    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/NotesApp/Web").path

    private struct StoredNote: Decodable, Equatable {
        let id: String
        let text: String
        let created: String
    }

    func testNotesAreEditedAndDeletedByIdAndFailuresAreToldAsSentences() {
        let files = TestDirectory()
        // A file from before notes had ids.
        let file = files.write("notes.json", """
            [{"text": "Buy milk", "created": "2026-11-30T09:00:00Z"}, {"text": "Call Ada", "created": "2026-11-30T10:00:00Z"}]
            """)
        func stored() throws -> [StoredNote] { try JSONDecoder().decode([StoredNote].self, from: Data(contentsOf: file)) }
        gtkTest {
            let context = WebContext.ephemeral()
            let scheme = try AppScheme(directory: Self.web)
            context.register(scheme)
            let window = TestWindow(view: WebView(context: context))
            defer { window.close() }
            let store = NotesStore(file: file)
            let bridge = WebViewBridge(view: window.view)
            NotesBridge.install(on: bridge, store: store)
            bridge.load(uri: scheme.uri(for: "index.html"))
            try await waitUntil("the old notes listed") { window.view.title == "Notes (2)" }

            func run(_ script: String) async throws { _ = try await window.view.evaluateJavaScript(script + "; null") }
            func text(_ selector: String) async throws -> String {
                try await window.view.evaluateJavaScript("document.querySelector('\(selector)').textContent", as: String.self)
            }
            func notesShown() async throws -> [String] {
                let joined = try await window.view.evaluateJavaScript(
                    "[...document.querySelectorAll('#notes li .text')].map(e => e.textContent).join('|')", as: String.self)
                return joined.isEmpty ? [] : joined.split(separator: "|").map(String.init)
            }
            func waitForError(_ expected: String) async throws {
                for _ in 0..<50 where try await text("#error") != expected { try await Task.sleep(nanoseconds: 100_000_000) }
                let shown = try await text("#error")
                XCTAssertEqual(shown, expected)
            }

            // Editing to blank is refused with a sentence; nothing is written.
            try await run("document.querySelector('#notes li .edit').click()")
            try await run("document.querySelector('form.editor input').value = '   '; document.querySelector('form.editor').requestSubmit()")
            try await waitForError("Type something first.")
            XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("\"Buy milk\""))

            try await run("document.querySelector('form.editor input').value = 'Buy oat milk'; document.querySelector('form.editor').requestSubmit()")
            try await waitForError("")
            let edited = try await notesShown()
            XCTAssertEqual(edited, ["Buy oat milk", "Call Ada"])
            let afterEdit = try stored()
            XCTAssertEqual(afterEdit.map(\.text), ["Buy oat milk", "Call Ada"])
            XCTAssertEqual(afterEdit.map(\.created), ["2026-11-30T09:00:00Z", "2026-11-30T10:00:00Z"])
            XCTAssertEqual(Set(afterEdit.map(\.id)).count, 2, "the notes got no ids of their own")

            // Deleting by id.
            try await run("document.querySelectorAll('#notes li .delete')[1].click()")
            try await waitUntil("deleted") { window.view.title == "Notes (1)" }
            XCTAssertEqual(try stored(), [afterEdit[0]])

            // Blank text in the new-note form.
            try await run("document.getElementById('text').value = ''; document.getElementById('new-note').requestSubmit()")
            try await waitForError("Type something first.")
            XCTAssertEqual(try stored(), [afterEdit[0]])

            // A note deleted elsewhere (another window of the same store) since the page listed it.
            _ = try store.delete(id: afterEdit[0].id)
            try await run("document.querySelector('#notes li .delete').click()")
            try await waitForError("That note is no longer there (it may have been deleted in another window).")

            let page = try await window.view.evaluateJavaScript("document.body.innerText", as: String.self)
            for code in ["invalid-payload", "handler-failed", "unknown-handler", "timeout"] {
                XCTAssertFalse(page.contains(code), "the page shows an error code: \(page)")
            }
        }
    }
}
