import FoundationEssentials
import NotesHandlers
import WebAppWindow
import WebKitGTK

/// The header bar's Import and Export buttons: the window's file chooser (the desktop
/// portal's, or GTK's) picks a notes file, and every window's page hears of the change; a
/// notes file dropped onto the window is imported too.
@MainActor
final class NotesFileButtons {
    /// Notes files: what Export writes and Import reads.
    static let filter = FileFilter(name: words.tr("Notes"), patterns: ["*.json"], mimeTypes: ["application/json"])
    /// Import notes from a file (Ctrl+O).
    let importButton = Button(iconName: "document-open-symbolic", tooltip: words.tr("Import notes… (Ctrl+O)"))
    /// Export all notes to a file (Ctrl+S).
    let exportButton = Button(iconName: "document-save-as-symbolic", tooltip: words.tr("Export notes… (Ctrl+S)"))
    private var observations: [Observation] = []

    /// Adds the buttons (and their keys) to `window`, over `store`.
    init(window: AppWindow, store: NotesStore) {
        window.headerBar.packStart(importButton)
        window.headerBar.packStart(exportButton)
        let importNotes: @MainActor @Sendable () -> Void = { [weak window] in
            guard let window else { return }
            Task { await Self.importNotes(into: store, over: window) }
        }
        let exportNotes: @MainActor @Sendable () -> Void = { [weak window] in
            guard let window else { return }
            Task { await Self.exportNotes(of: store, over: window) }
        }
        observations.append(importButton.onClicked(importNotes))
        observations.append(exportButton.onClicked(exportNotes))
        window.shortcuts.add(["<Control>o"], title: words.tr("Import notes"), group: words.tr("Notes")) { importNotes(); return true }
        window.shortcuts.add(["<Control>s"], title: words.tr("Export notes"), group: words.tr("Notes")) { exportNotes(); return true }
        // A notes file dropped onto the window (from the file manager) is imported as if chosen.
        observations.append(window.onDroppedFiles { [weak window] paths in
            guard let window else { return }
            for path in paths where path.hasSuffix(".json") {
                Self.importNotes(from: URL(fileURLWithPath: path), into: store, over: window)
            }
        })
    }

    private static func importNotes(into store: NotesStore, over window: AppWindow) async {
        do {
            guard let file = try await window.fileChooser.openFile(words.tr("Import Notes"), filters: [filter]) else { return }
            importNotes(from: file, into: store, over: window)
        } catch {
            tell(words.tr("The notes could not be imported"), "\(error)", over: window)
        }
    }

    /// Adds the notes of `file` to `store` and tells every window's page, or the user why not.
    private static func importNotes(from file: URL, into store: NotesStore, over window: AppWindow) {
        do {
            let notes = try store.importNotes(from: file)
            try window.application?.dispatch("notesChanged", notes)
        } catch {
            tell(words.tr("The notes could not be imported"), "\(error)", over: window)
        }
    }

    private static func exportNotes(of store: NotesStore, over window: AppWindow) async {
        do {
            guard let file = try await window.fileChooser.saveFile(words.tr("Export Notes"), suggestedName: "notes.json",
                                                                   filters: [filter]) else { return }
            try store.export(to: file)
        } catch {
            tell(words.tr("The notes could not be exported"), "\(error)", over: window)
        }
    }

    /// Shows what went wrong over the window, until the user closes it.
    private static func tell(_ heading: String, _ message: String, over window: AppWindow) {
        let dialog = MessageDialog(parent: window.window, style: .warning, heading: heading, message: message)
        dialog.addButton(words.tr("_Close"), response: .ok)
        Task {
            _ = await dialog.run()
            dialog.destroy()
        }
    }
}
