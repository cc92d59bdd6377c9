import FoundationEssentials

/// Decides where a download is saved: the app's save dialog (`SaveDialogChooser`), or a
/// scripted answer in tests.
@MainActor
public protocol DownloadDestinationChooser: AnyObject {
    /// The file to save `download` to, or nil to cancel it. May take as long as the user
    /// needs: the transfer waits for the answer.
    func destination(for download: Download, suggestedFilename: String) async -> URL?
}
