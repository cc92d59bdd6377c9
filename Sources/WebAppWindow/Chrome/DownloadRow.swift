import WebKitGTK
import FoundationEssentials
import GLibCore

/// One download in the downloads list: its file name, a progress bar, a status line, and
/// Open and Show in Folder once it is saved.
@MainActor
public final class DownloadRow: Box {
    /// The download the row shows, followed as it progresses.
    public let download: Download
    /// Shows `name`.
    public let nameLabel = Label()
    /// Shows `status(of:)`, or why the saved file could not be opened.
    public let statusLabel = Label()
    /// How much has arrived; full once the file is saved.
    public let progressBar = ProgressBar()
    /// Opens the saved file with its default program; insensitive until the file is saved. A
    /// document's picture: Adwaita draws `document-open` as the open folder of Show in Folder.
    public let openButton = Button(iconName: "text-x-generic-symbolic", tooltip: tr("Open", context: "a saved file"))
    /// Shows the saved file in the file manager; insensitive until the file is saved.
    public let showInFolderButton = Button(iconName: "folder-open-symbolic", tooltip: tr("Show in Folder"))
    private let opener: FileOpener
    private var observations: [Observation] = []

    /// A row following `download`, whose buttons hand the saved file to `opener`.
    public init(download: Download, opener: FileOpener) {
        self.download = download
        self.opener = opener
        super.init(.horizontal, spacing: 6)
        let text = Box(.vertical, spacing: 4)
        text.append(nameLabel)
        text.append(progressBar)
        text.append(statusLabel)
        text.setMinimumSize(width: 260, height: nil)
        append(text, expands: true)
        for button in [openButton, showInFolderButton] {
            button.verticalAlignment = .center
            append(button)
        }
        observations = [
            download.observe { [weak self] _ in self?.update() },
            openButton.onClicked { [weak self] in self?.hand { try $0.open($1) } },
            showInFolderButton.onClicked { [weak self] in self?.hand { try $0.showInFolder($1) } },
        ]
        update()
    }

    /// The file's name: where it is saved, or the last part of its address until then.
    public var name: String {
        download.destination?.lastPathComponent ?? URL(string: download.uri)?.lastPathComponent ?? download.uri
    }

    /// The status line for `download` as it stands: how far it got, saved, or why it failed.
    public static func status(of download: Download) -> String {
        switch download.status {
        case .active where download.fractionCompleted > 0:
            return tr("{percent} %", ["percent": String(Int((download.fractionCompleted * 100).rounded(.down)))])
        case .active where download.receivedBytes > 0:
            return FormattedSize.of(bytes: download.receivedBytes)
        case .active:
            return download.destination == nil ? tr("Waiting for a place to save") : tr("Starting")
        case .finished:
            return tr("Saved — {size}", ["size": FormattedSize.of(bytes: download.receivedBytes)])
        case .failed(.cancelled):
            return tr("Cancelled")
        case .failed(.network(let error)):
            return tr("Failed: {reason}", ["reason": error.message])
        case .failed(.destination(let error)):
            return tr("Not saved: {reason}", ["reason": error.message])
        }
    }

    private func update() {
        nameLabel.text = name
        statusLabel.text = Self.status(of: download)
        if case .finished = download.status { progressBar.fraction = 1 } else { progressBar.fraction = download.fractionCompleted }
        let isSaved = if case .finished = download.status { true } else { false }
        openButton.isSensitive = isSaved
        showInFolderButton.isSensitive = isSaved
    }

    /// Gives the saved file to the opener; a failure shows in the status line.
    private func hand(_ action: (FileOpener, URL) throws -> Void) {
        guard case .finished(let file) = download.status else { return }
        do { try action(opener, file) } catch { statusLabel.text = tr("Could not open: {reason}", ["reason": "\(error)"]) }
    }
}
