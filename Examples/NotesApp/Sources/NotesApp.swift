import Foundation
import NotesHandlers
import WebKitGTK

/// The application: one instance per session, one window, its page served from app://.
/// Under WebDriver (`--automation`) it is a process of its own that keeps no website data
/// and shows the windows the WebDriver session opens.
@MainActor
final class NotesApp {
    static let id = "io.github.webviewhost.NotesExample"

    private let automated = CommandLine.arguments.dropFirst().contains(Automation.commandLineFlag)
    private let application: Application
    private let directories = XDGDirectories(applicationID: NotesApp.id)
    private var window: NotesWindow?
    private var automation: Automation?

    init() {
        application = Application(id: NotesApp.id, unique: !automated)
        application.onActivate { [unowned self] in showWindow() }
    }

    /// Runs until the window closes; returns the exit status.
    func run() -> Int32 {
        application.run()
    }

    private func showWindow() {
        if let window { return window.present() }
        do {
            let scheme = try AppScheme(directory: Self.webDirectory.path)
            let context = directories.websiteData.makeContext(ephemeral: automated)
            context.register(scheme)
            let store = NotesStore(file: directories.data.appendingPathComponent("notes.json"))
            if let problem = store.problem {
                FileHandle.standardError.write(Data("notes-app: \(problem)\n".utf8))
            }
            if automated {
                automation = try Automation(context: context, application: application, browserName: "notes-app") {
                    [unowned self] view in
                    let window = NotesWindow(view: view, store: store)
                    application.add(window.window)
                    window.show()
                    return window
                }
                return
            }
            let window = NotesWindow(view: WebView(context: context), store: store)
            application.add(window.window)
            window.show(uri: scheme.uri(for: "index.html"))
            self.window = window
        } catch {
            FileHandle.standardError.write(Data("notes-app: cannot serve \(Self.webDirectory.path): \(error)\n".utf8))
            application.quit()
        }
    }

    /// The page's files: `NOTES_APP_WEB`, else `<exe dir>/../share/notes-app/Web` where its Debian
    /// package installs them, else `Web/` beside this example's sources.
    static var webDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["NOTES_APP_WEB"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        if let installed = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../share/notes-app/Web", isDirectory: true).standardizedFileURL,
           FileManager.default.fileExists(atPath: installed.appendingPathComponent("index.html").path) {
            return installed
        }
        // <example>/Sources/NotesApp.swift → <example>/Web
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Web", isDirectory: true)
    }
}
