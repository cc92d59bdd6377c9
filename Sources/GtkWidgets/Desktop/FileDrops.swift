import CGtk
import FoundationEssentials
import GLibCore

/// Files dropped onto a widget (from the file manager, the desktop, another app) reported
/// with their paths, while the widget goes on handling the drop as before (a web view hands
/// the page its `File`s). DesktopServices offers it as `DropTarget`.
///
/// The widget must take `text/uri-list` drops already, as WebKit's view does. GTK gives the
/// dragged data before the drop (WebKit asks for it while the pointer moves) or at it; either
/// way each drop is reported once, at the drop, with the local files among what was dragged.
@MainActor
public final class FileDrops {
    private var connections: [SignalConnection] = []
    private let observers = ObserverList<[URL]>()
    /// The files of the drag in progress, once GTK handed them over, and its drag context.
    private var dragged: (context: UnsafeMutableRawPointer, files: [URL])?
    /// A drop whose data has not arrived yet.
    private var dropping: UnsafeMutableRawPointer?

    /// Watches drops onto `widget` (held by its signals only).
    public init(widget: Widget) {
        connections.append(Signals.connect(widget.widget, "drag-data-received") {
            [weak self] (context: Signals.Pointer, _: Int32, _: Int32, data: Signals.Pointer, _: UInt32, _: UInt32) in
            guard let self, let context, let data else { return }
            let files = Self.files(in: OpaquePointer(data))
            if dropping == context {
                dropping = nil
                dragged = nil
                deliver(files)
            } else {
                dragged = (context, files)
            }
        })
        connections.append(Signals.connect(widget.widget, "drag-drop") {
            [weak self] (context: Signals.Pointer, _: Int32, _: Int32, _: UInt32) -> Bool in
            guard let self, let context else { return false }
            if let dragged, dragged.context == context {
                self.dragged = nil
                deliver(dragged.files)
            } else {
                dropping = context
            }
            return false
        })
    }

    /// Calls `observer` with the local files of each drop that has any, as `file:` URLs.
    public func onDrop(_ observer: @escaping @MainActor ([URL]) -> Void) -> Observation {
        observers.add(observer)
    }

    private func deliver(_ files: [URL]) {
        if !files.isEmpty { observers.send(files) }
    }

    private static func files(in data: OpaquePointer) -> [URL] {
        guard let uris = gtk_selection_data_get_uris(data) else { return [] }
        defer { g_strfreev(uris) }
        var files: [URL] = []
        var index = 0
        while let uri = uris[index] {
            if let url = URL(string: String(cString: uri)), url.isFileURL { files.append(url) }
            index += 1
        }
        return files
    }
}
