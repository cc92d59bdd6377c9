import CWebKitGTKHelpers
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// `ColorScheme` follows the XDG desktop portal's colour scheme, read on a private session bus
/// where a fake portal runs, and GNOME's settings (here a stand-in saying the opposite of what
/// the test expects, so following the wrong source fails) only when the portal has none.
final class PortalColorSchemeTests: GTKTestCase {
    func testThePortalsDarkReachesOpenPagesAndItsChangeToLightFollowsLive() {
        portalTest(own: false) { bus in
            let portal = try FakeSettingsPortal(on: bus, version: 2, colorScheme: .number(1))
            let page = try await ColorSchemePage()
            defer { page.close() }
            let light = try await page.look()
            XCTAssertEqual(light, ColorSchemePage.light)

            let follower = try await Follower(on: bus, fallback: .preferLight)
            XCTAssertTrue(follower.scheme.source is PortalColorScheme)
            XCTAssertTrue(ColorScheme.prefersDark)
            XCTAssertEqual(portal.calls, ["ReadOne"])
            try await eventually("the open page turned dark") { try await page.look() == ColorSchemePage.dark }

            try portal.change(to: .number(2))
            try await eventually("GTK turned light") { !ColorScheme.prefersDark }
            try await eventually("the open page turned light") { try await page.look() == ColorSchemePage.light }
            XCTAssertEqual(portal.calls, ["ReadOne"])
        }
    }

    func testAPortalOfVersionOneIsAskedWithRead() {
        portalTest(own: false) { bus in
            let portal = try FakeSettingsPortal(on: bus, version: 1, colorScheme: .number(1))
            let follower = try await Follower(on: bus, fallback: .preferLight)
            XCTAssertTrue(follower.scheme.source is PortalColorScheme)
            XCTAssertTrue(ColorScheme.prefersDark)
            XCTAssertEqual(portal.calls, ["Read"], "ReadOne, unknown to this portal, never reaches it")

            try portal.change(to: .number(2))
            try await eventually("GTK turned light") { !ColorScheme.prefersDark }
        }
    }

    func testWithoutAPortalGNOMEsSettingsAreFollowed() {
        portalTest(own: false) { bus in
            let follower = try await Follower(on: bus, fallback: .preferDark)
            XCTAssertTrue(follower.scheme.source is StandInSettings)
            XCTAssertTrue(ColorScheme.prefersDark)
        }
    }

    /// With the real GNOME settings behind it: GSettings' source when the schema is installed,
    /// none without it, and nothing breaks either way.
    func testWithoutAPortalTheRealSettingsAreAskedSafely() {
        portalTest(own: false) { bus in
            let connection = try bus.connect()
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            let scheme = ColorScheme(bus: connection)
            let schema = g_settings_schema_source_get_default()
                .flatMap { g_settings_schema_source_lookup($0, "org.gnome.desktop.interface", 1) }
            if let schema {
                g_settings_schema_unref(schema)
                try await eventually("GNOME's settings followed") { scheme.source is GSettingsColorScheme }
            } else {
                try await Task.sleep(nanoseconds: 500_000_000)
                XCTAssertNil(scheme.source)
                XCTAssertFalse(ColorScheme.prefersDark)
            }
        }
    }

    func testNoPreferenceKeepsTheAppsOwn() {
        portalTest(own: true) { bus in
            let portal = try FakeSettingsPortal(on: bus, version: 2, colorScheme: .number(0))
            let follower = try await Follower(on: bus, fallback: .preferLight)
            XCTAssertTrue(follower.scheme.source is PortalColorScheme)
            XCTAssertTrue(ColorScheme.prefersDark, "the portal's 0 overrode the app's own dark preference")

            try portal.change(to: .number(2))
            try await eventually("GTK turned light") { !ColorScheme.prefersDark }
            try portal.change(to: .number(0))
            try await eventually("GTK went back to the app's own dark preference") { ColorScheme.prefersDark }
            try portal.change(to: .number(2))
            try await eventually("GTK turned light again") { !ColorScheme.prefersDark }
            try portal.change(to: .number(7))
            try await eventually("an unknown number counted as no preference") { ColorScheme.prefersDark }
        }
    }

    /// A first answer of the wrong type counts as no answer (GNOME's settings are followed,
    /// as libadwaita does); a change to a value of the wrong type is ignored.
    func testAValueOfAnotherTypeIsIgnored() {
        portalTest(own: false) { bus in
            let portal = try FakeSettingsPortal(on: bus, version: 2, colorScheme: .text("prefer-light"))
            let follower = try await Follower(on: bus, fallback: .preferDark)
            XCTAssertTrue(follower.scheme.source is StandInSettings)
            XCTAssertTrue(ColorScheme.prefersDark)
            XCTAssertEqual(portal.calls, ["ReadOne"])
        }
        portalTest(own: false) { bus in
            let portal = try FakeSettingsPortal(on: bus, version: 2, colorScheme: .number(1))
            let follower = try await Follower(on: bus, fallback: .preferLight)
            XCTAssertTrue(ColorScheme.prefersDark)
            try portal.change(to: .text("prefer-light"))
            try await follower.roundTrip()
            XCTAssertTrue(ColorScheme.prefersDark, "a string turned GTK light")
        }
    }

    /// Runs `body` on a private session bus with GTK's own dark preference set to `own`,
    /// restoring GTK's preference afterwards.
    private func portalTest(own: Bool, _ body: @escaping @MainActor (SessionBus) async throws -> Void) {
        gtkTest {
            let before = ColorScheme.prefersDark
            defer { ColorScheme.prefersDark = before }
            ColorScheme.prefersDark = own
            try await body(try SessionBus())
        }
    }
}

/// A `ColorScheme` following the portal on a connection of its own to a private bus, with a
/// stand-in for GNOME's settings; made once it has chosen its source.
@MainActor
private final class Follower {
    let scheme: ColorScheme
    private let connection: ObjectReference<GObject>

    init(on bus: SessionBus, fallback: ColorScheme.Preference) async throws {
        connection = ObjectReference(adopting: UnsafeMutablePointer(try bus.connect()))
        scheme = ColorScheme(bus: OpaquePointer(connection.pointer), fallback: { StandInSettings(fallback) })
        try await eventually("a colour-scheme source chosen") { [scheme] in scheme.source != nil }
    }

    /// Returns once all the portal sent before now has been handled: the portal's answer to a
    /// ping comes after the signals it sent earlier, and GDBus hands both to the loop in order.
    func roundTrip() async throws {
        let bus = OpaquePointer(connection.pointer)
        _ = try await asyncCall(start: { callback, data in
            g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                   "org.freedesktop.DBus.Peer", "Ping", nil, nil, G_DBUS_CALL_FLAGS_NONE, -1, nil,
                                   callback, data)
        }, finish: { result in
            try throwingGError { g_dbus_connection_call_finish(bus, result, $0) }.map { g_variant_unref($0) }
        })
    }
}

/// GNOME's settings as the test states them.
@MainActor
private final class StandInSettings: ColorSchemeSource {
    let preference: ColorScheme.Preference
    var onChange: (@MainActor () -> Void)?

    init(_ preference: ColorScheme.Preference) {
        self.preference = preference
    }
}
