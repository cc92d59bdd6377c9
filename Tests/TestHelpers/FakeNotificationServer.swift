import CWebKitGTKHelpers
import WebKitGTK

/// A desktop notification server (`org.freedesktop.Notifications`, the specification's
/// interface) on a private session bus: it records every `Notify` and `CloseNotification`, and
/// `invoke` sends `ActionInvoked` back as a server does when the user clicks.
@MainActor
public final class FakeNotificationServer {
    /// One `Notify` call as the server received it.
    public struct Notification: Equatable {
        public var id: UInt32
        public var appName: String
        public var replacesID: UInt32
        public var appIcon: String
        public var summary: String
        public var body: String
        /// Key, label, key, label…, as the specification lists them.
        public var actions: [String]
        public var hints: String

        /// The key of the action labelled `label` (a button), if any.
        public func key(labelled label: String) -> String? {
            stride(from: 0, to: actions.count - 1, by: 2).first { actions[$0 + 1] == label }.map { actions[$0] }
        }
    }

    private static let path = "/org/freedesktop/Notifications"
    private static let interface = "org.freedesktop.Notifications"
    public private(set) var notifications: [Notification] = []
    public private(set) var closed: [UInt32] = []
    private var object: BusObject!
    private var nextID: UInt32 = 1

    public init(on bus: SessionBus) throws {
        object = try BusObject(on: bus, path: Self.path, interface: Self.interface, xml: """
            <node><interface name="\(Self.interface)">
              <method name="Notify">
                <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
                <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
                <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
              </method>
              <method name="CloseNotification"><arg type="u" direction="in"/></method>
              <method name="GetCapabilities"><arg type="as" direction="out"/></method>
              <method name="GetServerInformation">
                <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
              </method>
              <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
              <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
            </interface></node>
            """) { [unowned self] method, parameters, invocation in answer(method, parameters, invocation) }
        try object.own(Self.interface)
    }

    /// The user clicked the action `key` of notification `id`.
    public func invoke(_ id: UInt32, _ key: String) throws {
        try object.emit("ActionInvoked", [g_variant_new_uint32(id), g_variant_new_string(key)])
    }

    private func answer(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        switch method {
        case "Notify":
            let replaces = parameters.uint32(1)
            let id = replaces != 0 ? replaces : nextID
            if replaces == 0 { nextID += 1 }
            let hints = parameters.child(6)
            defer { g_variant_unref(hints) }
            notifications.append(Notification(id: id, appName: parameters.text(0), replacesID: replaces,
                                              appIcon: parameters.text(2), summary: parameters.text(3),
                                              body: parameters.text(4), actions: parameters.strings(5), hints: hints.printed))
            var reply = [g_variant_new_uint32(id)]
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        case "CloseNotification":
            closed.append(parameters.uint32(0))
            g_dbus_method_invocation_return_value(invocation, nil)
        case "GetCapabilities":
            var capabilities = ["actions", "body"].map { text in text.withCString { g_variant_new_string($0) } }
            let type = g_variant_type_new("s")
            defer { g_variant_type_free(type) }
            var reply = [g_variant_new_array(type, &capabilities, 2)]
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        default:
            var reply = ["fake", "WebViewHost tests", "1", "1.2"].map { text in text.withCString { g_variant_new_string($0) } }
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 4))
        }
    }
}
