import Foundation
import NotesHandlers
import WebAppWindow
import WebKitGTK

/// The application: one instance per session, its page served from app:// with the notes
/// handlers on every window's bridge. The window — header bar, dialogs, guards, find,
/// zoom, shortcuts, saved size — is the library's `AppWindow`.
@MainActor
final class NotesApp {
    static let id = "io.github.webviewhost.NotesExample"

    /// `NOTES_APP_WEB`, else `Web` beside the executable (or in its SwiftPM resource bundle,
    /// for `swift run`), else `<exe dir>/../share/notes-app/Web` where `make install` and
    /// its Debian package put it.
    static let webDirectory = WebDirectory.locate(app: "notes-app", directory: "Web", environmentVariable: "NOTES_APP_WEB")

    private let store: NotesStore
    private let app: WebApplication

    init() {
        let store = NotesStore(file: XDGDirectories(applicationID: Self.id).data.appendingPathComponent("notes.json"))
        // An app's window (no browser buttons or keys), the library's default.
        let window = AppWindowConfiguration(appName: "Notes", width: 480, height: 600) { window in
            NotesBridge.install(on: window.bridge, store: store)     // adds AddNote and ListNotes
            window.keep(NotesFileButtons(window: window, store: store)) // Import… and Export…
        }
        self.store = store
        var configuration = WebApplicationConfiguration(id: Self.id, webDirectory: Self.webDirectory, window: window)
        // Under WebDriver: ephemeral, and only the windows the session asks for.
        if CommandLine.arguments.dropFirst().contains(Automation.commandLineFlag) {
            configuration.automationBrowserName = "notes-app"
        }
        app = WebApplication(configuration: configuration)
    }

    /// Runs until the window closes; returns the exit status.
    func run() -> Int32 {
        guard Self.webDirectory != nil else {
            return fail("cannot find its page files; set NOTES_APP_WEB to the Web directory")
        }
        if let problem = store.problem { report("\(problem)") }
        let status = app.run()
        if let failure = app.startupFailure { return fail(failure) }
        return status
    }

    private func fail(_ message: String) -> Int32 {
        report(message)
        return 1
    }

    private func report(_ message: String) {
        FileHandle.standardError.write(Data("notes-app: \(message)\n".utf8))
    }
}
