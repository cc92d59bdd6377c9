import CGtkHelpers
import DesktopServices
import Foundation
import GLibCore
import GtkWidgets
import TestHelpers
import XCTest

/// `FileChooser` asks the desktop portal first: a fake `org.freedesktop.portal.FileChooser` on a
/// private session bus answers, and what it was asked (parent window, title, options, filters)
/// is what the spec says; without a portal, or with one that never answers, GTK's chooser opens.
final class FileChooserPortalTests: GTKTestCase {
    func testThePortalsChoiceComesBackWithTheRequestAsTheSpecificationHasIt() {
        gtkTest {
            let bus = try SessionBus()
            let portal = try FakeFileChooserPortal(on: bus, behaviour: .choose(["file:///tmp/notes.json"]))
            let (chooser, window) = try await Self.makeChooser(on: bus)
            defer { window.close() }
            let notes = FileFilter(name: "Notes", patterns: ["*.json"], mimeTypes: ["application/json"])
            let chosen = try await chooser.openFile("Import Notes", filters: [notes])
            XCTAssertEqual(chosen, URL(fileURLWithPath: "/tmp/notes.json"))
            XCTAssertEqual(chooser.lastBackend, .portal)
            let call = try XCTUnwrap(portal.calls.first)
            XCTAssertEqual(call.method, "OpenFile")
            XCTAssertEqual(call.title, "Import Notes")
            XCTAssertEqual(call.parentWindow, window.x11Handle)
            XCTAssertTrue(call.parentWindow.hasPrefix("x11:"), call.parentWindow)
            XCTAssertEqual(call.filters, ["Notes": ["*.json", "application/json"]])
            XCTAssertFalse(call.multiple)
            XCTAssertTrue(call.options.contains("handle_token"))
        }
    }

    func testSeveralFilesAFolderAndCancellingThroughThePortal() {
        gtkTest {
            let bus = try SessionBus()
            let portal = try FakeFileChooserPortal(on: bus, behaviour: .choose(["file:///tmp/a.txt", "file:///tmp/b%20c.txt"]))
            let (chooser, window) = try await Self.makeChooser(on: bus)
            defer { window.close() }
            let files = try await chooser.openFiles("Pick")
            XCTAssertEqual(files.map(\.path), ["/tmp/a.txt", "/tmp/b c.txt"])
            XCTAssertTrue(try XCTUnwrap(portal.calls.last).multiple)

            portal.behaviour = .choose(["file:///tmp"])
            let folder = try await chooser.chooseFolder("Folder", startFolder: URL(fileURLWithPath: "/tmp"))
            XCTAssertEqual(folder?.path, "/tmp")
            XCTAssertTrue(try XCTUnwrap(portal.calls.last).directory)
            XCTAssertTrue(try XCTUnwrap(portal.calls.last).options.contains("current_folder"))

            portal.behaviour = .cancel
            let saved = try await chooser.saveFile("Export", suggestedName: "notes.json")
            XCTAssertNil(saved, "a cancelled save gives no file")
            XCTAssertEqual(portal.calls.last?.method, "SaveFile")
            XCTAssertTrue(try XCTUnwrap(portal.calls.last).options.contains("current_name"))
        }
    }

    /// A portal that takes the call and never answers it costs `portalTimeout`, then GTK's
    /// chooser opens (here cancelled with Escape): no hang.
    func testAHungPortalFallsBackToGTKsChooserInBoundedTime() {
        gtkTest(timeout: 60) {
            let bus = try SessionBus()
            let portal = try FakeFileChooserPortal(on: bus, behaviour: .hang)
            let (chooser, window) = try await Self.makeChooser(on: bus)
            defer { window.close() }
            chooser.portalTimeout = .seconds(1)
            let started = Date()
            let dismisser = Task.detached {
                let dialog = try XCTUnwrap(try X11Windows.waitFor("Hung portal"), "GTK's chooser never opened")
                // A dialog mapped but not yet focused drops the key: press until it is gone.
                var presses = 0
                while presses < 20, try !X11Windows.named("Hung portal").isEmpty {
                    try X11Windows.press("Escape", in: dialog)
                    presses += 1
                    usleep(500_000)
                }
            }
            let chosen = try await chooser.openFile("Hung portal")
            try await dismisser.value
            XCTAssertNil(chosen)
            XCTAssertEqual(chooser.lastBackend, .gtk)
            XCTAssertEqual(portal.calls.count, 1)
            XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        }
    }

    @MainActor
    private static func makeChooser(on bus: SessionBus) async throws -> (FileChooser, Window) {
        let window = Window(title: "Chooser parent", width: 300, height: 200)
        window.showAll()
        try await eventually("the window is on screen") { window.x11Handle != nil }
        let connection = try bus.connect()
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        return (FileChooser(parent: window, bus: connection), window)
    }
}
