import Foundation
import NotesHandlers
import WebBridge
import WebBridgeTesting
import XCTest

/// The notes handlers as the page meets them, through the real bridge on a fake web view:
/// no window and no display, so they run wherever `swift test` does.
@MainActor
final class NotesHandlersTests: XCTestCase {
    private var directory: URL!
    private var page: FakeWebView!
    private var bridge: WebViewBridge!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-handlers-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var file: URL { directory.appendingPathComponent("notes.json") }

    /// The app's page showing, its window's handlers on its bridge, the notes kept in `file`.
    private func openNotes() {
        page = FakeWebView()
        bridge = WebViewBridge(webView: page)
        NotesBridge.install(on: bridge, store: NotesStore(file: file))
        page.commit("app://localhost/index.html")
    }

    func testAnAddedNoteIsTrimmedSavedAndListed() async throws {
        openNotes()
        let added = try await page.invoke("addNote", ["text": "  Buy milk\n"], as: [Note].self)
        XCTAssertEqual(added.map(\.text), ["Buy milk"])
        let listed = try await page.invoke("listNotes", [String: String](), as: [Note].self)
        XCTAssertEqual(listed, added)
        openNotes()
        let reread = try await page.invoke("listNotes", [String: String](), as: [Note].self)
        XCTAssertEqual(reread, added, "kept in the file")
    }

    func testEmptyTextIsRefusedAsAnInvalidPayload() async throws {
        openNotes()
        do {
            try await page.invoke("addNote", ["text": " "])
            XCTFail("an empty note was added")
        } catch {
            XCTAssertEqual(error, BridgeError(.invalidPayload, "a note needs some text"))
        }
        let listed = try await page.invoke("listNotes", [String: String](), as: [Note].self)
        XCTAssertEqual(listed, [])
    }

    func testARequestWithoutTextNamesTheField() async {
        openNotes()
        let answer = await page.invoke("addNote", json: "{}")
        XCTAssertEqual(answer.error?.code, .invalidPayload)
        XCTAssertTrue(answer.error?.message.contains("'text'") == true, "\(answer)")
    }

    func testAnUnreadableFileFailsEveryCallAndIsLeftAlone() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not notes".utf8).write(to: file)
        openNotes()
        for (name, payload) in [("listNotes", [String: String]()), ("addNote", ["text": "lost"])] {
            let answer = await page.invoke(name, json: String(decoding: try JSONEncoder().encode(payload), as: UTF8.self))
            XCTAssertEqual(answer.error?.code, .handlerFailed, name)
            XCTAssertTrue(answer.error?.message.contains("cannot read \(file.path)") == true, "\(answer)")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "not notes")
    }

    func testAnotherOriginCannotReachTheNotes() async {
        openNotes()
        page.commit("https://example.com/")
        let answer = await page.invoke("listNotes", json: "{}")
        XCTAssertEqual(answer.error?.code, .forbidden)
    }
}
