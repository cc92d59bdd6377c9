import CWebKitGTKHelpers
import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

final class WindowStateTests: GTKTestCase {
    func testStoreRoundTripsAndToleratesMissingOrBadFiles() throws {
        let files = TestDirectory()
        let store = WindowStateStore(file: files.url.appendingPathComponent("state/window.json"))
        XCTAssertNil(store.load())
        let state = WindowState(width: 900, height: 700, isMaximized: true)
        try store.save(state)
        XCTAssertEqual(store.load(), state)
        files.write("state/window.json", "{not json")
        XCTAssertNil(store.load())
    }

    func testWindowRestoresAndSavesItsSize() {
        let files = TestDirectory()
        let store = WindowStateStore(file: files.url.appendingPathComponent("window.json"))
        gtkTest {
            try store.save(WindowState(width: 500, height: 400))
            let window = Window(title: "state")
            window.rememberState(in: store)
            window.showAll()
            try await waitUntil("restored size") { window.state.width == 500 && window.state.height == 400 }

            #if GTK4
            try X11Windows.resize(try XCTUnwrap(X11Windows.id(of: window)), to: 620, 380)
            #else
            gtk_window_resize(window.window, 620, 380)
            #endif
            try await waitUntil("resized") { window.state.width == 620 && window.state.height == 380 }
            window.close()
            XCTAssertEqual(store.load(), WindowState(width: 620, height: 380, isMaximized: false))
        }
    }
}
