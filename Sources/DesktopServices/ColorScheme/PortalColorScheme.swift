import CGLib
import GLibCore
import GLibLog

/// The colour scheme as the XDG desktop portal states it: the setting `org.freedesktop.appearance
/// color-scheme` of the portal's `Settings` interface on the session bus, where KDE Plasma,
/// GNOME and other desktops publish it, and the only place a sandboxed (Flatpak) app can read it.
///
/// `read()` asks asynchronously rather than with a blocking call: on its first use in a
/// session the bus starts the portal, which can take seconds, and the app need not wait for
/// that; when the portal already runs, as it usually does, the answer is back long before a web
/// process has drawn the first page. The call has the bus's default timeout, so a portal still
/// starting gets the time it needs. Changes come as `SettingChanged` signals, subscribed to
/// before the read so none is missed in between; the read's answer and the signals are taken
/// in the order they arrive, so the newest wins.
@MainActor
package final class PortalColorScheme: ColorSchemeSource {
    /// Why the portal gave no colour scheme, so the desktop's is to be found elsewhere.
    package enum ReadError: Error {
        /// The call failed: no portal on the bus, no answer, or a portal without the setting.
        case call(GLibError)
        /// The portal answered with a value not of the type the specification gives (`u`).
        case unexpectedValue(type: String)
    }

    package private(set) var preference: ColorScheme.Preference = .default
    package var onChange: (@MainActor () -> Void)?
    private static let interface = "Settings"
    private static let namespace = "org.freedesktop.appearance"
    private static let key = "color-scheme"
    private let portal: DesktopPortal
    private var subscription: DBusSignalSubscription?

    /// Listens for changes on `bus` (a `GDBusConnection`, borrowed); `read()` asks for the setting.
    package init(bus: OpaquePointer) {
        portal = DesktopPortal(bus: bus)
        subscription = portal.subscribe(Self.interface, member: "SettingChanged", argument0: Self.namespace) {
            [weak self] parameters in self?.settingChanged(parameters)
        }
    }

    /// Asks the portal for the setting: with `ReadOne`, or with `Read` when the portal is
    /// older than version 2 of the interface and has no `ReadOne`.
    package func read() async throws(ReadError) {
        do throws(ReadError) {
            try await call("ReadOne")
        } catch .call(let error) where error.isDBusError(G_DBUS_ERROR_UNKNOWN_METHOD) {
            try await call("Read")
        }
    }

    /// Calls `method` with the setting's namespace and key, and takes the answer.
    private func call(_ method: String) async throws(ReadError) {
        let read: Result<Void, ReadError>
        do throws(GLibError) {
            read = try await portal.call(Self.interface, method,
                                         Variants.tuple([Variants.string(Self.namespace), Variants.string(Self.key)])) { [self] reply in
                // Taken now, in the reply's turn on the loop, so that a change signalled after it wins.
                Result { () throws(ReadError) in preference = try Self.preference(inReply: reply) }
            }
        } catch {
            throw .call(error)
        }
        try read.get()
    }

    /// Takes a `SettingChanged(namespace, key, value)` about the colour scheme; a value of
    /// another type leaves the preference as it was.
    private func settingChanged(_ parameters: OpaquePointer) {
        guard string(g_variant_get_type_string(parameters)) == "(ssv)" else { return }
        let key = g_variant_get_child_value(parameters, 1)!, value = g_variant_get_child_value(parameters, 2)!
        defer { g_variant_unref(key); g_variant_unref(value) }
        guard string(g_variant_get_string(key, nil)) == Self.key else { return }
        do {
            preference = try Self.preference(in: value)
        } catch {
            return Log.desktopServices.debug("colour scheme: ignored a change from the portal: \(error)")
        }
        onChange?()
    }

    /// The preference in a reply to `ReadOne` or `Read`, a `(v)` tuple.
    private static func preference(inReply reply: OpaquePointer) throws(ReadError) -> ColorScheme.Preference {
        let type = string(g_variant_get_type_string(reply)) ?? ""
        guard type == "(v)" else { throw .unexpectedValue(type: type) }
        let value = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(value) }
        return try preference(in: value)
    }

    /// The preference a portal value states, looking through the variants around it (`Read`
    /// wraps the value in one more than `ReadOne` and the signal do): `u` 1 is dark, 2 light,
    /// and 0 or any other number no preference, as the specification asks.
    private static func preference(in value: OpaquePointer) throws(ReadError) -> ColorScheme.Preference {
        var value = g_variant_ref(value)!
        while g_variant_classify(value) == G_VARIANT_CLASS_VARIANT {
            let inner = g_variant_get_variant(value)!
            g_variant_unref(value)
            value = inner
        }
        defer { g_variant_unref(value) }
        guard g_variant_classify(value) == G_VARIANT_CLASS_UINT32 else {
            throw .unexpectedValue(type: string(g_variant_get_type_string(value)) ?? "")
        }
        return switch g_variant_get_uint32(value) {
        case 1: .preferDark
        case 2: .preferLight
        default: .default
        }
    }
}
