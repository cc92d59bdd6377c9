import CGLib
import FoundationEssentials

/// The XDG desktop portal on a session bus (`org.freedesktop.portal.Desktop` at
/// `/org/freedesktop/portal/desktop`), named once for the library: method calls, signals, and
/// the Request/Response pattern its dialogs answer through.
///
/// Package access: raw connections and variants stay inside the library; the modules above
/// (the file chooser, the colour scheme, the doctor's portal status) build on it.
@MainActor
package struct DesktopPortal {
    /// The portal's bus name.
    nonisolated package static let service = "org.freedesktop.portal.Desktop"
    /// The object every portal interface is served at.
    nonisolated package static let path = "/org/freedesktop/portal/desktop"
    /// The prefix of the portal's interfaces (`org.freedesktop.portal.FileChooser`…).
    nonisolated package static let interfacePrefix = "org.freedesktop.portal."

    /// `org.freedesktop.portal.<name>`.
    nonisolated package static func interface(_ name: String) -> String { interfacePrefix + name }

    private let bus: ObjectReference<GObject>

    /// The portal on `bus` (a `GDBusConnection`, kept).
    package init(bus: OpaquePointer) {
        self.bus = ObjectReference(retaining: UnsafeMutablePointer(bus))
    }

    private var connection: OpaquePointer { OpaquePointer(bus.pointer) }

    /// Calls `method` of the portal's interface `name` (see `callDBusMethod`).
    package func call<Value>(_ name: String, _ method: String, _ parameters: OpaquePointer?, timeout: Duration? = nil,
                             reading read: @escaping @MainActor (OpaquePointer) -> Value) async throws(GLibError) -> Value {
        try await callDBusMethod(on: connection, destination: Self.service, path: Self.path, interface: Self.interface(name),
                                 method: method, parameters: parameters, timeout: timeout, reading: read)
    }

    /// Subscribes `handler` to the signal `member` of the portal's interface `name` (its first
    /// argument `argument0`, when given); the parameters are borrowed for the call.
    package func subscribe(_ name: String, member: String, argument0: String? = nil,
                           _ handler: @escaping @MainActor (OpaquePointer) -> Void) -> DBusSignalSubscription {
        DBusSignalSubscription(connection: connection, sender: Self.service, interface: Self.interface(name), member: member,
                               path: Self.path, argument0: argument0, handler)
    }

    private static var requests = 0

    /// Makes a request: calls `method` of the portal's interface `name` with the parameters
    /// `parameters` makes from the request's `handle_token`, and waits for the request object's
    /// `Response`, whose code it returns with what `reading` read of its results (`a{sv}`,
    /// borrowed) in the signal's turn. The request's object path follows from the caller's unique name and the token, so
    /// the subscription is in place before the portal can answer. Only the call that makes the
    /// request is bounded (`timeout`): the user's answer has no bound.
    package func request<Value: Sendable>(_ name: String, _ method: String, timeout: Duration,
                                parameters: (_ token: String) -> OpaquePointer,
                                reading read: @escaping @MainActor (_ results: OpaquePointer) -> Value)
        async -> Result<(code: UInt32, value: Value), GLibError> {
        Self.requests += 1
        let token = "webviewhost\(ProcessInfo.processInfo.processIdentifier)_\(Self.requests)"
        let sender = (string(g_dbus_connection_get_unique_name(connection)) ?? "")
            .dropFirst().replacing(".", with: "_")
        let requestPath = "\(Self.path)/request/\(sender)/\(token)"
        let arguments = parameters(token)
        var subscription: DBusSignalSubscription?
        let outcome: Result<(code: UInt32, value: Value), GLibError> = await withCheckedContinuation { continuation in
            var answered = false
            func finish(_ outcome: Result<(code: UInt32, value: Value), GLibError>) {
                guard !answered else { return }
                answered = true
                continuation.resume(returning: outcome)
            }
            subscription = DBusSignalSubscription(connection: connection, sender: Self.service,
                                                  interface: Self.interface("Request"), member: "Response",
                                                  path: requestPath, argument0: nil) { parameters in
                finish(Self.response(parameters, read))
            }
            Task { @MainActor in
                do throws(GLibError) {
                    try await call(name, method, arguments, timeout: timeout) { _ in () }
                } catch {
                    finish(.failure(error))
                }
            }
        }
        // Subscribed until the request ended (answered, refused or failed): unsubscribes now.
        withExtendedLifetime(subscription) {}
        return outcome
    }

    /// `Response(u response, a{sv} results)` read by `read`; a signal of another type is an error.
    private static func response<Value>(_ parameters: OpaquePointer, _ read: @MainActor (OpaquePointer) -> Value)
        -> Result<(code: UInt32, value: Value), GLibError> {
        let type = string(g_variant_get_type_string(parameters)) ?? "?"
        guard type == "(ua{sv})" else {
            return .failure(GLibError(domain: service, code: 0, message: "the portal's response has the type \(type)"))
        }
        let code = g_variant_get_child_value(parameters, 0)!, results = g_variant_get_child_value(parameters, 1)!
        defer { g_variant_unref(code); g_variant_unref(results) }
        let number = g_variant_get_uint32(code)
        return .success((number, read(results)))
    }
}
