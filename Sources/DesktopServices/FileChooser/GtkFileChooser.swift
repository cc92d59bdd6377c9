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
        await FileDialog(title: choice.title, action: choice.kind, acceptLabel: choice.acceptLabel,
                         startFolder: choice.startFolder, filters: choice.filters).run(over: parent)
    }
}
