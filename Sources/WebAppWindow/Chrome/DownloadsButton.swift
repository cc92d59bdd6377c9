import WebKitGTK
import CWebKitGTK
import GLibCore

/// The header bar's downloads button: a popover listing this session's downloads, newest
/// first, each with its progress, Open and Show in Folder (`DownloadRow`). It stays hidden
/// until the first download starts, and opens its list when one starts.
@MainActor
public final class DownloadsButton: Widget {
    /// The rows, newest first.
    public private(set) var rows: [DownloadRow] = []
    private let list = Box(.vertical, spacing: 12)
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let opener: FileOpener
    private var started: Observation?

    /// Lists the downloads `downloads` already has and every one it starts from now on.
    public init(downloads: Downloads, opener: FileOpener) {
        self.opener = opener
        popover = gtk_popover_new(nil)
        super.init(sinking: gtk_menu_button_new())
        tooltip = tr("Downloads")
        accessibleName = tr("Downloads")
        gtk_button_set_image(reference.cast(), gtk_image_new_from_icon_name("folder-download-symbolic", GTK_ICON_SIZE_BUTTON))
        gtk_container_set_border_width(gcast(popover, to: GtkContainer.self), 12)
        gtk_container_add(gcast(popover, to: GtkContainer.self), list.widget)
        gtk_widget_show_all(list.widget)
        // The menu button owns the popover from here on.
        gtk_menu_button_set_popover(reference.cast(), popover)
        // Shown by its first download, not by the window's `showAll()`.
        gtk_widget_set_no_show_all(widget, 1)
        downloads.all.forEach { add($0, reveal: false) }
        started = downloads.observe { [weak self] in self?.add($0, reveal: true) }
    }

    /// Whether the list is open on screen.
    public var isListShown: Bool { gtk_widget_get_visible(popover) != 0 }

    /// Opens the list as a click on the button does.
    public func showList() {
        gtk_popover_popup(gcast(popover, to: GtkPopover.self))
    }

    private func add(_ download: Download, reveal: Bool) {
        let row = DownloadRow(download: download, opener: opener)
        rows.insert(row, at: 0)
        list.append(row)
        gtk_box_reorder_child(list.reference.cast(), row.widget, 0)
        row.showAll()
        isVisible = true
        if reveal, gtk_widget_get_mapped(widget) != 0 { showList() }
    }
}
