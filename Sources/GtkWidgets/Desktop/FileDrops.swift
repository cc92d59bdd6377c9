import CGLib
import CGtkHelpers
import FoundationEssentials
import GLibCore

/// Files dropped onto a widget (from the file manager, the desktop, another app) reported
/// with their paths, while the widget goes on handling the drop as before (a web view hands
/// the page its `File`s). DesktopServices offers it as `DropTarget`.
///
/// On GTK 4 a drop goes to one drop target only, and WebKit's view has its own: a second
/// target would take the drop from the page, which then saw no `drop` event and no link to
/// follow. So an event controller that lets every event go on watches the drag: the files
/// are read from it as the pointer first moves over the widget (at the drop it is too late:
/// WebKit finishes the drop at once, and a read then fails), and reported at the drop.
///
/// On GTK 3 the widget must take `text/uri-list` drops already, as WebKit's view does. GTK gives the
/// dragged data before the drop (WebKit asks for it while the pointer moves) or at it; either
/// way each drop is reported once, at the drop, with the local files among what was dragged.
@MainActor
public final class FileDrops {
    private var connections: [SignalConnection] = []
    private let observers = ObserverList<[URL]>()
    #if GTK4
    /// The drag over the widget (a `GdkDrop`, held while here), its files once read, and
    /// whether it was dropped already.
    private var dragged: (drop: ObjectReference<GObject>, files: [URL]?, isDropped: Bool)?
    #else
    /// The files of the drag in progress, once GTK handed them over, and its drag context.
    private var dragged: (context: UnsafeMutableRawPointer, files: [URL])?
    /// A drop whose data has not arrived yet.
    private var dropping: UnsafeMutableRawPointer?
    #endif

    /// Watches drops onto `widget` (held by its signals only).
    public init(widget: Widget) {
        #if GTK4
        let controller = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(widget.widget, controller) // the widget owns it
        connections.append(Signals.connect(UnsafeMutableRawPointer(controller), "event") { [weak self] (event: Signals.Pointer) -> Bool in
            guard let self, let event else { return false }
            let type = gdk_event_get_event_type(OpaquePointer(event))
            guard type == GDK_DRAG_MOTION || type == GDK_DROP_START, let drop = gdk_dnd_event_get_drop(OpaquePointer(event)) else {
                return false
            }
            if dragged?.drop.cast() != drop { read(drop) }
            if type == GDK_DROP_START {
                dragged?.isDropped = true
                reportDrop()
            }
            return false
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
    /// Starts reading the files of `drop`, the drag now over the widget.
    private func read(_ drop: OpaquePointer) {
        dragged = (ObjectReference(retaining: UnsafeMutablePointer<GObject>(drop)), nil, false)
        Task { [weak self] in
            let files = await Self.files(of: drop)
            guard let self, dragged?.drop.cast() == drop else { return }
            dragged?.files = files
            reportDrop()
        }
    }

    /// Reports the drag's files once it is dropped and they are read, and forgets the drag.
    private func reportDrop() {
        guard let dragged, dragged.isDropped, let files = dragged.files else { return }
        self.dragged = nil
        deliver(files)
    }
    #endif

    #if GTK4
    /// The local files among what `drop` carries; none when it carries no file list.
    private static func files(of drop: OpaquePointer) async -> [URL] {
        let files = try? await asyncCall(start: { callback, data in
            gdk_drop_read_value_async(drop, gdk_file_list_get_type(), G_PRIORITY_DEFAULT, nil, callback, data)
        }, finish: { result throws(GLibError) in
            // The value lives only as long as the call's result: read it here.
            let value = try throwingGError { gdk_drop_read_value_finish(drop, result, $0) }
            return value.map(Self.files) ?? []
        })
        return files ?? []
    }

    private static func files(in value: UnsafePointer<GValue>) -> [URL] {
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
