import CWebKitGTKHelpers
import Foundation
import GLibCore
import TestHelpers
import WebAppWindow
import XCTest

/// "Show in Folder" asks the desktop's file manager (`org.freedesktop.FileManager1.ShowItems`)
/// to select the file, as GNOME Files, Dolphin and Nemo serve it: a stand-in file manager on the
/// process's own session connection hears the call.
final class FileOpenerTests: GTKTestCase {
    private static let xml = """
        <node><interface name="org.freedesktop.FileManager1">
        <method name="ShowItems"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
        </interface></node>
        """

    func testShowInFolderAsksTheFileManagerToSelectTheFile() {
        gtkTest {
            let restore = try InProcessAppBus.use()
            defer { restore() }
            let bus = try XCTUnwrap(try throwingGError { g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) })
            defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
            var asked: [String] = []
            let manager = try DBusExportedObject(connection: bus, path: "/org/freedesktop/FileManager1",
                                                 interface: "org.freedesktop.FileManager1", xml: Self.xml) { method, parameters, invocation in
                let uris = g_variant_get_child_value(parameters, 0)!
                defer { g_variant_unref(uris) }
                let items = (0..<g_variant_n_children(uris)).map { index in
                    let item = g_variant_get_child_value(uris, index)!
                    defer { g_variant_unref(item) }
                    return String(cString: g_variant_get_string(item, nil))
                }
                asked.append("\(method) \(items.joined(separator: ","))")
                g_dbus_method_invocation_return_value(invocation, nil)
            }
            let name = "org.freedesktop.FileManager1"
            let owned = try XCTUnwrap(try throwingGError {
                g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                                            Variants.tuple([Variants.string(name), Variants.uint32(4)]), nil,
                                            G_DBUS_CALL_FLAGS_NONE, 5000, nil, $0)
            })
            g_variant_unref(owned)
            defer {
                let released = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                           "ReleaseName", Variants.tuple([Variants.string(name)]), nil,
                                                           G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
                if let released { g_variant_unref(released) }
            }

            let file = URL(fileURLWithPath: "/tmp/a folder/the file.txt")
            try DesktopFileOpener().showInFolder(file)
            try await waitUntil("the file manager was asked") { !asked.isEmpty }
            XCTAssertEqual(asked, ["ShowItems \(file.absoluteString)"])
            withExtendedLifetime(manager) {}
        }
    }
}
