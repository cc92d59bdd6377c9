import CWebKitGTKHelpers
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
@testable import WebAppWindow
@testable import WebViewHostApp
import XCTest

private let control = GDK_CONTROL_MASK.rawValue

/// The window's tools for page developers: zoom, find in page, the inspector and downloads.
final class PageToolsTests: GTKTestCase {
    func testZoomKeysStepThroughLevelsAndReset() {
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            let keys = controller.shortcuts
            let steps: [(Int32, UInt32, Double)] = [
                (GDK_KEY_plus, control | GDK_SHIFT_MASK.rawValue, 1.1), (GDK_KEY_equal, control, 1.25),
                (GDK_KEY_minus, control, 1.1), (GDK_KEY_0, control, 1), (GDK_KEY_minus, control, 0.9),
            ]
            for (key, modifiers, level) in steps {
                XCTAssertTrue(keys.handle(keyval: UInt32(key), modifiers: modifiers))
                XCTAssertEqual(controller.webView.zoomLevel, level, accuracy: 0.001)
            }
            controller.close()
        }
    }

    func testCtrlFRevealsTheFindBarWhichCountsMatches() {
        gtkTest {
            let controller = makeWindow(width: 640, height: 480)
            controller.show()
            controller.webView.load(html: "<p>apple pie, apple tart and Apple juice</p>", baseURI: "about:blank")
            try await waitUntil("loaded") { !controller.webView.isLoading && controller.webView.uri != nil }
            XCTAssertFalse(controller.findBar.isRevealed)
            XCTAssertTrue(controller.shortcuts.handle(keyval: UInt32(GDK_KEY_f), modifiers: control))
            XCTAssertTrue(controller.findBar.isRevealed)
            controller.findBar.searchText = "apple"
            try await waitUntil("counted") { controller.findBar.matchCountText == "3 matches" }
            controller.findBar.dismiss()
            XCTAssertEqual(controller.findBar.matchCountText, "")
            controller.close()
        }
    }

    func testInspectorKeysWorkOnlyWithDeveloperExtras() {
        gtkTest {
            let plain = makeWindow(width: 640, height: 480)
            plain.show()
            XCTAssertFalse(plain.shortcuts.handle(keyval: UInt32(GDK_KEY_F12), modifiers: 0), "F12 belongs to the page without --devtools")
            XCTAssertFalse(plain.webView.isInspectorOpen)
            plain.close()

            var settings = WebViewSettings()
            settings.developerExtrasEnabled = true
            let developer = makeWindow(webView: WebView(settings: settings), width: 640, height: 480)
            developer.show()
            developer.webView.load(html: "<title>inspect me</title>", baseURI: "about:blank")
            try await waitUntil("loaded") { developer.window.title == "inspect me" }
            XCTAssertTrue(developer.shortcuts.handle(keyval: UInt32(GDK_KEY_I), modifiers: control | GDK_SHIFT_MASK.rawValue))
            try await waitUntil("inspector open") { developer.webView.isInspectorOpen }
            developer.webView.closeInspector()
            try await waitUntil("inspector closed") { !developer.webView.isInspectorOpen }
            developer.close()
        }
    }

    func testDownloadsReportProgressInTheHeaderBarAndFailuresInANotice() {
        let files = TestDirectory()
        gtkTest(timeout: 40) {
            let server = try LoopbackServer()
            server.attachment("/data.bin", named: "data.bin", bytes: 200_000)
            let chooser = FixedChooser(files.url.appendingPathComponent("saved.bin"))
            let (controller, downloads) = makeDownloadingWindow(chooser: chooser)
            controller.show()
            let reporter = DownloadReporter(downloads: downloads) { controller }
            // Registered after the reporter's, so these see the status the reporter just set.
            var statuses: [String?] = []
            var observations: [Observation] = []
            let started = downloads.observe { download in
                observations.append(download.observe { _ in statuses.append(controller.status) })
            }
            defer { started.cancel() }

            controller.load(uri: server.url("/data.bin"))
            try await waitUntil("saved") { controller.status == "Saved saved.bin" }
            XCTAssertEqual(try Data(contentsOf: files.url.appendingPathComponent("saved.bin")).count, 200_000)
            XCTAssertTrue(statuses.contains { $0?.hasPrefix("Downloading saved.bin") == true }, "no progress shown: \(statuses)")

            // A folder that does not exist cannot take the file: the user is told in a notice
            // (a toast on GTK 4, a dialog on GTK 3).
            chooser.answer = files.url.appendingPathComponent("no/such/folder/lost.bin")
            controller.load(uri: server.url("/data.bin"))
            #if GTK4
            try await waitUntil("failure toast") {
                controller.window.shownNotices.contains { $0.hasPrefix("\(DownloadReporter.failureTitle): \(server.url("/data.bin")) — ") }
            }
            XCTAssertNil(toplevel(titled: DownloadReporter.failureTitle), "a toolkit with toasts showed a dialog too")
            XCTAssertNil(controller.status, "a failed download left its progress showing")
            #else
            var dialog: UnsafeMutablePointer<GtkWindow>?
            try await waitUntil("failure dialog") {
                dialog = toplevel(titled: DownloadReporter.failureTitle)
                return dialog != nil
            }
            XCTAssertNil(controller.status, "a failed download left its progress showing")
            respond(to: dialog!, GTK_RESPONSE_OK)
            try await waitUntil("dialog closed") { toplevel(titled: DownloadReporter.failureTitle) == nil }
            #endif
            _ = reporter
            controller.close()
        }
    }
}
