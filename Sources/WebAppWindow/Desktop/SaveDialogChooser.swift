import WebKitGTK
import CWebKitGTK
import GLibCore
import Foundation

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
        let dialog = SaveDialog(parent: parent, suggestedFilename: suggestedFilename)
        return await dialog.run()
    }
}

/// One shown save dialog, alive until the user answers it.
@MainActor
private final class SaveDialog {
    private let dialog: ObjectReference<GObject>
    private var connection: SignalConnection?

    init(parent: Window?, suggestedFilename: String) {
        let native = gtk_file_chooser_native_new(tr("Save Download"), parent?.window, GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Save"), tr("_Cancel"))
        dialog = ObjectReference(adopting: UnsafeMutableRawPointer(native!).assumingMemoryBound(to: GObject.self))
        gtk_file_chooser_set_do_overwrite_confirmation(chooser, 1)
        if let folder = DownloadsFolder.existing() {
            gtk_file_chooser_set_current_folder(chooser, folder.path)
        }
        gtk_file_chooser_set_current_name(chooser, suggestedFilename)
    }

    /// The dialog as the `GtkFileChooser` interface it implements.
    private var chooser: OpaquePointer { OpaquePointer(dialog.raw) }

    /// Shows the dialog; returns the chosen file, or nil when cancelled.
    func run() async -> URL? {
        await withCheckedContinuation { continuation in
            connection = Signals.connect(dialog.raw, "response") { [self] (response: Int32) in
                let accepted = response == GTK_RESPONSE_ACCEPT.rawValue
                let path = accepted ? takeString(gtk_file_chooser_get_filename(chooser)) : nil
                connection = nil // ends the self-reference; the dialog goes with this object
                continuation.resume(returning: path.map { URL(fileURLWithPath: $0) })
            }
            gtk_native_dialog_show(dialog.cast(to: GtkNativeDialog.self))
        }
    }
}
