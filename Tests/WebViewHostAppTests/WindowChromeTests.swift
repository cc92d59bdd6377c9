import CWebKitGTKHelpers
import Foundation
import GLibCore
import TestHelpers
import WebAppWindow
import WebKitGTK
import WebViewHostApp
import XCTest

/// What the window shows about its page and its downloads: where the page comes from and
/// whether the connection is secure, and the session's downloads with Open and Show in Folder.
final class WindowChromeTests: GTKTestCase {
    func testTheSubtitleNamesTheOriginAndAnUntitledPageIsNamedByItsAddress() {
        let files = TestDirectory()
        let local = files.write("untitled.html", "<p>No title here.")
        gtkTest {
            let server = try LoopbackServer()
            server.page("/plain.html", "<title>Plain</title><p>over http")
            let controller = makeWindow(width: 640, height: 480)
            defer { controller.close() }
            controller.show()
            try await open(server.url("/plain.html"), in: controller)
            let place = try XCTUnwrap(URL(string: server.url("/"))).host! + ":\(URL(string: server.url("/"))!.port!)"
            XCTAssertEqual(controller.subtitle, "\(place) — Not secure")
            try await waitUntil("titled") { controller.window.title == "Plain" }

            try await open(local.absoluteString, in: controller)
            XCTAssertEqual(controller.window.title, local.absoluteString, "an untitled page is named by its address")
            XCTAssertEqual(controller.subtitle, "\(local.path) — Local file")
        }
    }

    func testTheDownloadsButtonListsDownloadsWithProgressOpenAndShowInFolder() {
        let files = TestDirectory()
        gtkTest(timeout: 40) {
            let server = try LoopbackServer()
            server.attachment("/data.bin", named: "data.bin", bytes: 300_000)
            let (controller, downloads) = makeDownloadingWindow(chooser: FixedChooser(files.url.appendingPathComponent("saved.bin")))
            defer { controller.close() }
            let opener = RecordingFileOpener()
            controller.listDownloads(of: downloads, opener: opener)
            controller.show()
            let button = try XCTUnwrap(controller.downloadsButton)
            XCTAssertFalse(button.isVisible, "shown before any download")
            XCTAssertEqual(button.accessibleName, "Downloads", "what a screen reader calls the icon")

            var statuses: [String] = []
            var progress: [Observation] = []
            let started = downloads.observe { download in
                progress.append(download.observe { _ in if let row = button.rows.first { statuses.append(row.statusLabel.text) } })
            }
            defer { started.cancel(); progress.removeAll() }
            controller.load(uri: server.url("/data.bin"))
            try await waitUntil("listed") { button.rows.count == 1 }
            XCTAssertTrue(button.isVisible)
            XCTAssertTrue(button.isListShown, "the list did not open when the download started")
            let row = button.rows[0]
            XCTAssertFalse(row.openButton.isSensitive, "Open before the file is saved")
            XCTAssertEqual([row.openButton.accessibleName, row.showInFolderButton.accessibleName], ["Open", "Show in Folder"])
            try await waitUntil("saved") { row.statusLabel.text.hasPrefix("Saved") }
            XCTAssertEqual(row.nameLabel.text, "saved.bin")
            XCTAssertEqual(row.progressBar.fraction, 1)
            XCTAssertTrue(statuses.contains { $0.hasSuffix("%") }, "no progress shown: \(statuses)")
            XCTAssertTrue(row.openButton.isSensitive)
            XCTAssertTrue(row.showInFolderButton.isSensitive)
            // Two buttons side by side must not look alike: the theme draws them from different pictures.
            let openIcon = try XCTUnwrap(Self.iconPicture(row.openButton.iconName), "no icon for Open")
            let showIcon = try XCTUnwrap(Self.iconPicture(row.showInFolderButton.iconName), "no icon for Show in Folder")
            XCTAssertNotEqual(openIcon, showIcon, "Open (\(row.openButton.iconName ?? "")) and Show in Folder "
                              + "(\(row.showInFolderButton.iconName ?? "")) show the same picture")
            let saved = files.url.appendingPathComponent("saved.bin")
            row.openButton.click()
            row.showInFolderButton.click()
            XCTAssertEqual(opener.actions, ["open \(saved.path)", "show \(saved.path)"])
        }
    }
}

extension WindowChromeTests {
    /// The bytes of the picture the default icon theme shows for `name` at button size.
    @MainActor
    static func iconPicture(_ name: String?) -> Data? {
        #if GTK4
        guard let name, let theme = gtk_icon_theme_get_for_display(gdk_display_get_default()),
              let icon = gtk_icon_theme_lookup_icon(theme, name, nil, 16, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(0)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        guard let file = gtk_icon_paintable_get_file(icon) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return takeString(g_file_get_path(file)).flatMap { FileManager.default.contents(atPath: $0) }
        #else
        guard let name, let info = gtk_icon_theme_lookup_icon(gtk_icon_theme_get_default(), name, 16, GtkIconLookupFlags(0)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        return gtk_icon_info_get_filename(info).flatMap { FileManager.default.contents(atPath: String(cString: $0)) }
        #endif
    }
}

/// Records what the downloads list would have handed to the desktop.
@MainActor
private final class RecordingFileOpener: FileOpener {
    private(set) var actions: [String] = []
    func open(_ file: URL) throws { actions.append("open \(file.path)") }
    func showInFolder(_ file: URL) throws { actions.append("show \(file.path)") }
}
