import CGtkHelpers
import CWebKitGTKHelpers
import Foundation
import TestHelpers
import WebKitGTK

/// The shown top-level window with this title, if any.
@MainActor
func toplevel(titled title: String) -> UnsafeMutablePointer<GtkWindow>? {
    let list = gtk_window_list_toplevels()
    defer { g_list_free(list) }
    var node = list
    while let current = node {
        if let window = current.pointee.data?.assumingMemoryBound(to: GtkWindow.self),
           gtk_widget_get_visible(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)) != 0,
           let name = gtk_window_get_title(window), String(cString: name) == title {
            return window
        }
        node = current.pointee.next
    }
    return nil
}

/// Answers a GTK dialog as its button would.
@MainActor
func respond(to dialog: UnsafeMutablePointer<GtkWindow>, _ response: GtkResponseType) {
    #if GTK4
    // libadwaita's dialog knows a response by its id, which MessageDialog makes the number's text.
    adw_message_dialog_response(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: AdwMessageDialog.self),
                                String(response.rawValue))
    #else
    gtk_dialog_response(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkDialog.self), response.rawValue)
    #endif
}

/// Asks a window to close as its title bar's × does: GTK sends it a delete event.
@MainActor
func pressCloseButton(of window: Window) {
    gtk_window_close(window.window)
}

/// Clicks into the middle of a window's page with a real pointer event (xdotool), so the
/// page counts as one the user interacted with (WebKit asks `beforeunload` only then).
func clickIntoWindow(at x: Int = 320, _ y: Int = 300) async throws {
    try await Task.detached {
        try runTool("/usr/bin/xdotool", ["mousemove", String(x), String(y), "sleep", "0.2", "click", "1"])
    }.value
}

/// A one-second silent mono WAV file (8 kHz, 16 bit), as a media document's content.
func silentWAV(seconds: Int = 1) -> Data {
    let rate = 8000, samples = rate * seconds, dataSize = samples * 2
    var data = Data()
    func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
    func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8)); append32(36 + dataSize)
    data.append(contentsOf: Array("WAVEfmt ".utf8)); append32(16); append16(1); append16(1)
    append32(rate); append32(rate * 2); append16(2); append16(16)
    data.append(contentsOf: Array("data".utf8)); append32(dataSize)
    data.append(Data(count: dataSize))
    return data
}

/// Answers the save question with a fixed file, a turn of the loop later.
@MainActor
final class FixedChooser: DownloadDestinationChooser {
    var answer: URL?
    private(set) var asked: [String] = []
    init(_ answer: URL?) { self.answer = answer }
    func destination(for download: Download, suggestedFilename: String) async -> URL? {
        asked.append(suggestedFilename)
        await Task.yield()
        return answer
    }
}
