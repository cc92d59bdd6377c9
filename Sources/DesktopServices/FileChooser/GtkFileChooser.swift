import FoundationEssentials
import GtkWidgets

/// GTK's own file chooser for one `FileChoice`, where no portal is used: GtkWidgets'
/// `FileDialog`, transient for the parent window and modal to it.
@MainActor
struct GtkFileChooser {
    let choice: FileChoice
    weak var parent: Window?

    /// Shows the dialog and returns the chosen files' URLs once the user answers; none when cancelled.
    func run() async -> [URL] {
        let action: FileDialog.Action = switch choice.kind {
        case .openFile: .openFile
        case .openFiles: .openFiles
        case .folder: .folder
        case .save(let name): .save(suggestedName: name)
        }
        let filters = choice.filters.map { FileDialog.Filter(name: $0.name, patterns: $0.patterns, mimeTypes: $0.mimeTypes) }
        return await FileDialog(title: choice.title, action: action, acceptLabel: choice.acceptLabel,
                                startFolder: choice.startFolder, filters: filters).run(over: parent)
    }
}
