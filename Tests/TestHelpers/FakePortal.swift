import CWebKitGTKHelpers
import WebKitGTK

/// A stand-in for the XDG desktop portal on a private session bus: it owns
/// `org.freedesktop.portal.Desktop`, serves one interface (given as introspection XML) at
/// `/org/freedesktop/portal/desktop`, and hands each method call to `answer`, which must
/// reply through the invocation. Fakes of the portal's interfaces are built on it; it is a
/// `BusObject` under the portal's name and path.
@MainActor
public final class FakePortal {
    /// The portal's object path.
    public static let path = "/org/freedesktop/portal/desktop"
    /// Answers one call: the method's name, its parameters (a tuple, borrowed) and the
    /// `GDBusMethodInvocation` to return through.
    public typealias Answer = BusObject.Call
    private let object: BusObject

    /// Registers `interface` (its `<interface>` element's name and XML) and takes the portal's name.
    public init(on bus: SessionBus, interface: String, xml: String, answer: @escaping Answer) throws {
        object = try BusObject(on: bus, path: Self.path, interface: interface, xml: "<node>\(xml)</node>", answer)
        try object.own("org.freedesktop.portal.Desktop")
    }

    /// The fake's own connection (a `GDBusConnection`, borrowed): to emit signals on.
    public var busConnection: OpaquePointer { object.raw }
}
