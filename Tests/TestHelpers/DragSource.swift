import CWebKitGTKHelpers
import Foundation
import LoopTestHelpers

/// A 200 × 200 GTK window of the test at the top left of the display whose whole area drags
/// files as `text/uri-list`, as a file manager does; `drag(to:)` drags them with xdotool
/// (press, move, release) onto whatever window lies at that point.
@MainActor
public final class DragSource {
    /// The URIs the window offers; read by its C callback.
    nonisolated(unsafe) private static var offered: [String] = []
    private let window: UnsafeMutablePointer<GtkWidget>

    /// The window, shown, offering `files`.
    public init(files: [URL]) {
        Self.offered = files.map(\.absoluteString)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "Drag source")
        gtk_window_set_default_size(gtkWindow, 200, 200)
        gtk_window_move(gtkWindow, 0, 0)
        let box = gtk_event_box_new()!
        gtk_container_add(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkContainer.self), box)
        "text/uri-list".withCString { name in
            var entry = GtkTargetEntry(target: UnsafeMutablePointer(mutating: name), flags: 0, info: 0)
            gtk_drag_source_set(box, GDK_BUTTON1_MASK, &entry, 1, GDK_ACTION_COPY)
        }
        let get: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, OpaquePointer?, UInt32, UInt32,
                                 UnsafeMutableRawPointer?) -> Void = { _, _, data, _, _, _ in
            var uris: [UnsafeMutablePointer<CChar>?] = DragSource.offered.map { strdup($0) }
            uris.append(nil)
            _ = gtk_selection_data_set_uris(data, &uris)
            for uri in uris { free(uri) }
        }
        g_signal_connect_data(box, "drag-data-get", unsafeBitCast(get, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
        gtk_widget_show_all(window)
    }

    /// Drags the files from the window's middle to `x`, `y` on the display (the root window),
    /// once the window is on screen.
    public func drag(to x: Int, _ y: Int) async throws {
        try await waitUntil("the drag source on screen") { gtk_widget_get_mapped(self.window) != 0 }
        try await Task.sleep(nanoseconds: 500_000_000)
        try await Task.detached {
            let steps: [[String]] = [["mousemove", "100", "100"], ["mousedown", "1"], ["mousemove", "130", "110"],
                                     ["mousemove", "250", "120"], ["mousemove", "\(x - 110)", "\(y - 20)"],
                                     ["mousemove", "\(x - 10)", "\(y - 10)"], ["mousemove", "\(x)", "\(y)"], ["mouseup", "1"]]
            for step in steps {
                try runTool("/usr/bin/xdotool", step)
                usleep(150_000)
            }
        }.value
    }

    /// Takes the window off the screen.
    public func close() {
        gtk_widget_destroy(window)
    }
}
