import FoundationEssentials
import Glibc
import NotesHandlers
import WebAppWindow
import WebKitGTK

/// The application: one instance per session, its page served from app:// with the notes
/// handlers on every window's bridge. The window — header bar, dialogs, guards, find,
/// zoom, shortcuts, saved size — is the library's `AppWindow`.
@MainActor
final class NotesApp {
    static let id = "io.github.webviewhost.NotesExample"
    /// The desktop services its page may use: the window's file chooser (`desktop.openFile`),
    /// typed in the page's contract.d.ts with the app's own handlers.
    static let pageServices: PageServices = [.fileChooser]

    /// `NOTES_APP_WEB`, else `Web` beside the executable (or in its SwiftPM resource bundle,
    /// for `swift run`), else `<exe dir>/../share/notes-app/Web` where `make install` and
    /// its Debian package put it.
    static let webDirectory = WebDirectory.locate(app: "notes-app", directory: "Web", environmentVariable: "NOTES_APP_WEB")

    private let store: NotesStore
    private let app: WebApplication

    init() {
        let store = NotesStore(file: XDGDirectories(applicationID: Self.id).data.appendingPathComponent("notes.json"))
        // An app's window (no browser buttons or keys), the library's default.
        // Its page's "From File…" asks through the window's file chooser (`desktop.openFile`).
        let window = AppWindowConfiguration(appName: words.tr("Notes"), width: 480, height: 600, pageServices: Self.pageServices) { window in
            NotesBridge.install(on: window.bridge, store: store)     // adds AddNote and ListNotes
            window.keep(NotesFileButtons(window: window, store: store)) // Import… and Export…
        }
        self.store = store
        var configuration = WebApplicationConfiguration(id: Self.id, webDirectory: Self.webDirectory, window: window)
        // webviewhost-notes://add?text=… from anywhere on the desktop adds a note (its .desktop
        // file lists the scheme: `make -C Examples/NotesApp deb` writes it there).
        configuration.urlSchemes = [try! AppURLScheme(NotesLink.scheme)]
        // `notes-app --write-page-types Web` (what `swift package generate-page-types` runs)
        // writes Web/contract.d.ts, bridge.d.ts and tsconfig.json from it.
        configuration.contract = NotesBridge.contract
        // Under WebDriver: ephemeral, and only the windows the session asks for.
        if CommandLine.arguments.dropFirst().contains(Automation.commandLineFlag) {
            configuration.automationBrowserName = "notes-app"
        }
        app = WebApplication(configuration: configuration)
        app.onURL = { [unowned app] url in Self.add(NotesLink(url: url), to: store, telling: app) }
    }

    /// Adds the note of an `add` link, and says so in a desktop notification: the link came from
    /// another app, so the user may not be looking at this one. Its "Show" button and a click on
    /// it raise the window (`WebApplication` does that for every notification answer).
    private static func add(_ link: NotesLink, to store: NotesStore, telling app: WebApplication) {
        guard let text = link.noteText, text.contains(where: { !$0.isWhitespace }) else {
            return report("ignored the link \(link.url): only webviewhost-notes://add?text=… adds a note")
        }
        do {
            _ = try store.add(text)
            try app.notifications?.send(DesktopNotification(id: "note-added", title: words.tr("Note added"), body: text,
                                                            iconName: id, buttons: [.init(words.tr("Show"), action: "show")]))
        } catch {
            report("the link's note was not added: \(error)")
        }
    }

    /// Runs until the window closes; returns the exit status.
    func run() -> Int32 {
        guard Self.webDirectory != nil else {
            return fail(words.tr("cannot find its page files; set {variable} to the Web directory", ["variable": "NOTES_APP_WEB"]))
        }
        if let problem = store.problem { Self.report("\(problem)") }
        // The links the desktop launches it with (`notes-app webviewhost-notes://…`), not its options.
        let status = app.run(uris: CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") })
        if let failure = app.startupFailure { Self.report(failure) }
        return status
    }

    private func fail(_ message: String) -> Int32 {
        Self.report(message)
        return 1
    }

    private static func report(_ message: String) {
        let text = "notes-app: \(message)\n"
        _ = write(STDERR_FILENO, text, text.utf8.count)
    }
}
