import CGLib
import CGtkHelpers
import FoundationEssentials
import GLibCore

/// Files dropped onto a widget (from the file manager, the desktop, another app) reported
/// with their paths, while the widget goes on handling the drop as before (a web view hands
/// the page its `File`s). DesktopServices offers it as `DropTarget`.
///
/// On GTK 4 a drop target of its own, in the capture phase, takes the files dropped: WebKit's
/// view gives a page no dropped `File`s anyway (WebKitGTK 2.50, see the platform notes).
///
/// On GTK 3 the widget must take `text/uri-list` drops already, as WebKit's view does. GTK gives the
/// dragged data before the drop (WebKit asks for it while the pointer moves) or at it; either
/// way each drop is reported once, at the drop, with the local files among what was dragged.
@MainActor
public final class FileDrops {
    private var connections: [SignalConnection] = []
    private let observers = ObserverList<[URL]>()
    #if !GTK4
    /// The files of the drag in progress, once GTK handed them over, and its drag context.
    private var dragged: (context: UnsafeMutableRawPointer, files: [URL])?
    /// A drop whose data has not arrived yet.
    private var dropping: UnsafeMutableRawPointer?
    #endif

    /// Watches drops onto `widget` (held by its signals only).
    public init(widget: Widget) {
        #if GTK4
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        gtk_event_controller_set_propagation_phase(target, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(widget.widget, target) // the widget owns it
        connections.append(Signals.connect(UnsafeMutableRawPointer(target), "drop") {
            [weak self] (value: Signals.Pointer, _: Double, _: Double) -> Bool in
            guard let self, let value else { return false }
            deliver(Self.files(in: value.assumingMemoryBound(to: GValue.self)))
            return true
        })
        #else
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
        #endif
    }

    /// Calls `observer` with the local files of each drop that has any, as `file:` URLs.
    public func onDrop(_ observer: @escaping @MainActor ([URL]) -> Void) -> Observation {
        observers.add(observer)
    }

    private func deliver(_ files: [URL]) {
        if !files.isEmpty { observers.send(files) }
    }

    #if GTK4
    private static func files(in value: UnsafeMutablePointer<GValue>) -> [URL] {
        guard let list = g_value_get_boxed(value) else { return [] }
        let files = gdk_file_list_get_files(OpaquePointer(list))
        defer { g_slist_free(files) }
        var urls: [URL] = []
        var node = files
        while let current = node {
            if let file = current.pointee.data, let path = takeString(g_file_get_path(OpaquePointer(file))) {
                urls.append(URL(fileURLWithPath: path))
            }
            node = current.pointee.next
        }
        return urls
    }
    #else
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
    #endif
}
