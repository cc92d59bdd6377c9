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
        #if GTK4
        // GTK 4 places a new window itself (no `gtk_window_move`): with no window manager on
        // the test's display it maps at the top left. Its drag source offers the list as bytes.
        window = gtk_window_new()!
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "Drag source")
        gtk_window_set_default_size(gtkWindow, 200, 200)
        let area = gtk_label_new("Drag source")!
        gtk_window_set_child(gtkWindow, area)
        let list = Self.offered.map { $0 + "\r\n" }.joined()
        let bytes = list.withCString { g_bytes_new($0, gsize(strlen($0)))! }
        defer { g_bytes_unref(bytes) }
        let provider = gdk_content_provider_new_for_bytes("text/uri-list", bytes)!
        defer { g_object_unref(UnsafeMutableRawPointer(provider)) }
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_content(source, provider)
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        gtk_widget_add_controller(area, source)
        gtk_window_present(gtkWindow)
        #else
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
        #endif
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
        #if GTK4
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        #else
        gtk_widget_destroy(window)
        #endif
    }
}
