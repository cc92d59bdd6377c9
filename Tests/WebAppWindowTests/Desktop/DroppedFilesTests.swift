import CGtk
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// A real drag (xdotool: press, move, release) from a second GTK window of the test, which
/// offers a file as `text/uri-list`, onto an app's window: Swift gets the path, a trusted page
/// allowed `droppedFilePaths` gets the `filesDropped` event with it, and the page's own drop
/// event still happens, as in any browser.
final class DroppedFilesTests: GTKTestCase {
    /// The URIs the source window offers; read by its C callback.
    nonisolated(unsafe) private static var offered: [String] = []

    private static let pages = [
        "index.html": #"<title>Drops</title><body style="margin:0;height:100vh">drop here<script src="drops.js"></script></body>"#,
        "drops.js": """
            window.droppedPaths = [];
            addEventListener('dragover', (e) => e.preventDefault());
            window.dropEvents = [];
            addEventListener('drop', (e) => { e.preventDefault(); dropEvents.push('drop:' + [...e.dataTransfer.types].join(',')); });
            window.bridge.on('filesDropped', (p) => { droppedPaths = p.paths; });
            """,
    ]

    func testAFileDraggedFromAnotherWindowReachesSwiftAndThePage() {
        gtkTest(timeout: 90) {
            let configuration = AppWindowConfiguration(appName: "Drops", width: 400, height: 300, pageServices: [.droppedFilePaths])
            let app = try AppPageWindow(pages: Self.pages, configuration: configuration)
            defer { app.close() }
            let file = app.directory.write("dropped.txt", "dropped")
            Self.offered = [file.absoluteString]
            var dropped: [[String]] = []
            let observation = app.window.onDroppedFiles { dropped.append($0) }
            defer { observation.cancel() }
            try await app.load("index.html")
            gtk_window_move(app.window.window.window, 420, 0)
            let source = Self.sourceWindow()
            defer { gtk_widget_destroy(source) }
            try await waitUntil("both windows on screen") {
                gtk_widget_get_mapped(source) != 0 && app.window.window.x11Handle != nil
            }
            try await Task.sleep(nanoseconds: 500_000_000)
            try await Task.detached {
                let steps: [[String]] = [["mousemove", "100", "100"], ["mousedown", "1"], ["mousemove", "130", "110"],
                                         ["mousemove", "250", "120"], ["mousemove", "500", "150"], ["mousemove", "600", "160"],
                                         ["mousemove", "610", "170"], ["mouseup", "1"]]
                for step in steps {
                    try runTool("/usr/bin/xdotool", step)
                    usleep(150_000)
                }
            }.value
            try await waitUntil(timeout: 20, "Swift got the drop") { !dropped.isEmpty }
            XCTAssertEqual(dropped, [[file.path]])
            try await eventually("the page got the filesDropped event") {
                try await app.window.webView.evaluateJavaScript("droppedPaths.join('|')", as: String.self) == file.path
            }
            // The page's own drop event still happens, with what was dragged (WebKit gives this
            // source's uri-list as text/uri-list data, not as `File`s).
            let events = try await app.window.webView.evaluateJavaScript("dropEvents.filter((e) => e.startsWith('drop:')).join('|')",
                                                                          as: String.self)
            XCTAssertTrue(events.hasPrefix("drop:") && events.contains("text/uri-list"), events)
        }
    }

    /// A 200 × 200 window at the top left whose whole area drags `offered` as `text/uri-list`.
    @MainActor
    private static func sourceWindow() -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
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
            var uris: [UnsafeMutablePointer<CChar>?] = DroppedFilesTests.offered.map { strdup($0) }
            uris.append(nil)
            _ = gtk_selection_data_set_uris(data, &uris)
            for uri in uris { free(uri) }
        }
        g_signal_connect_data(box, "drag-data-get", unsafeBitCast(get, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
        gtk_widget_show_all(window)
        return window
    }
}
