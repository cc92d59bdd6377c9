import FoundationEssentials
import GtkWidgets
import WebKitGTK

/// Asks the user where to save each download with the desktop's save dialog (a portal
/// dialog when sandboxed), starting in their Downloads folder with the server's name.
@MainActor
public final class SaveDialogChooser: DownloadDestinationChooser {
    /// The window the dialog stays on top of.
    public weak var parent: Window?

    /// A chooser whose dialogs stay on top of `parent` (held weakly; change it as windows come
    /// and go).
    public init(parent: Window?) {
        self.parent = parent
    }

    public func destination(for download: Download, suggestedFilename: String) async -> URL? {
        await FileDialog(title: tr("Save Download"), action: .save(suggestedName: suggestedFilename), acceptLabel: tr("_Save"),
                         cancelLabel: tr("_Cancel"), startFolder: DownloadsFolder.existing()).run(over: parent).first
    }
}
