import WebKitGTK
import GLibCore

/// The header bar's downloads button: a popover listing this session's downloads, newest
/// first, each with its progress, Open and Show in Folder (`DownloadRow`). It stays hidden
/// until the first download starts, and opens its list when one starts.
@MainActor
public final class DownloadsButton: MenuButton {
    /// The rows, newest first.
    public private(set) var rows: [DownloadRow] = []
    private let list = Box(.vertical, spacing: 12)
    private let opener: FileOpener
    private var started: Observation?

    /// Lists the downloads `downloads` already has and every one it starts from now on.
    public init(downloads: Downloads, opener: FileOpener) {
        self.opener = opener
        list.setMargins(12)
        super.init(iconName: "folder-download-symbolic", tooltip: tr("Downloads"), name: tr("Downloads"), content: list)
        // Shown by its first download, not by the window's `showAll()`.
        isVisible = false
        downloads.all.forEach { add($0, reveal: false) }
        started = downloads.observe { [weak self] in self?.add($0, reveal: true) }
    }

    /// Whether the list is open on screen.
    public var isListShown: Bool { isPopoverShown }

    /// Opens the list as a click on the button does.
    public func showList() {
        showPopover()
    }

    private func add(_ download: Download, reveal: Bool) {
        let row = DownloadRow(download: download, opener: opener)
        rows.insert(row, at: 0)
        list.prepend(row)
        row.showAll()
        isVisible = true
        if reveal, isOnScreen { showList() }
    }
}
