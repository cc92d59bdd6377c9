import DesktopServices
import Foundation
import GtkWidgets
import TestHelpers
import XCTest

/// GTK's own chooser, as used where no portal is: a real dialog over the window, driven like a
/// user would (Ctrl+L, a path, Enter), giving back exactly the file typed.
final class GtkFileChooserTests: GTKTestCase {
    func testTheFileTypedIntoGTKsChooserComesBack() {
        gtkTest(timeout: 60) {
            let directory = TestDirectory()
            let file = directory.write("picked.txt", "picked")
            let window = Window(title: "GTK chooser parent", width: 300, height: 200)
            window.showAll()
            defer { window.close() }
            let chooser = FileChooser(parent: window, bus: nil)
            let typist = Task.detached {
                let dialog = try XCTUnwrap(try X11Windows.waitFor("Pick a text file"), "GTK's chooser never opened")
                try X11Windows.press("ctrl+l", in: dialog)
                try X11Windows.type(file.path, into: dialog)
            }
            let chosen = try await chooser.openFile("Pick a text file", filters: [FileFilter(name: "Text", patterns: ["*.txt"])],
                                                    startFolder: directory.url)
            try await typist.value
            XCTAssertEqual(chosen?.standardizedFileURL.path, file.standardizedFileURL.path)
            XCTAssertEqual(chooser.lastBackend, .gtk)
        }
    }

    func testSavingGivesTheFolderAndTheNameTheUserKept() {
        gtkTest(timeout: 60) {
            let directory = TestDirectory()
            let window = Window(title: "GTK save parent", width: 300, height: 200)
            window.showAll()
            defer { window.close() }
            let chooser = FileChooser(parent: window, bus: nil)
            let typist = Task.detached {
                let dialog = try XCTUnwrap(try X11Windows.waitFor("Export here"), "GTK's chooser never opened")
                try X11Windows.press("Return", in: dialog)
            }
            let chosen = try await chooser.saveFile("Export here", suggestedName: "notes.json", startFolder: directory.url)
            try await typist.value
            XCTAssertEqual(chosen?.standardizedFileURL.path, directory.url.appendingPathComponent("notes.json").standardizedFileURL.path)
        }
    }
}
