import CGLib
import GLibCore
import GLibLog

/// The status icon's menu served as `com.canonical.dbusmenu` (version 3) at `/MenuBar`: the
/// panel reads its layout and sends the user's click as an `Event`, which runs the item's handler.
///
/// Item 0 is the root; the app's items are 1, 2, … in order. Each change of the items is a new
/// layout revision, announced with `LayoutUpdated` so the panel reads the menu again.
@MainActor
final class StatusMenu {
    /// A method call naming an item the menu does not have (`com.canonical.dbusmenu`'s usual answer).
    static let unknownItem = "org.freedesktop.DBus.Error.InvalidArgs"

    private(set) var items: [StatusMenuItem]
    private(set) var revision: UInt32 = 1
    private var object: DBusExportedObject?

    init(items: [StatusMenuItem], connection: OpaquePointer) throws(GLibError) {
        self.items = items
        object = try DBusExportedObject(
            connection: connection, path: StatusNotifierInterfaces.menuPath, interface: StatusNotifierInterfaces.menu,
            xml: StatusNotifierInterfaces.menuXML,
            methods: { [weak self] method, parameters, invocation in self?.answer(method, parameters, invocation) },
            properties: { property in
                switch property {
                case "Version": Variants.uint32(3)
                case "TextDirection": Variants.string("ltr")
                case "Status": Variants.string("normal")
                case "IconThemePath": Variants.array(of: "s", [])
                default: nil
                }
            })
    }

    /// Shows `items` from now on, and tells the panel.
    func replace(with items: [StatusMenuItem]) {
        self.items = items
        revision += 1
        do {
            try object?.emit("LayoutUpdated", [Variants.uint32(revision), Variants.int32(0)])
        } catch {
            Log.desktopServices.warning("status icon: the menu's change was not announced: \(error)")
        }
    }

    /// Stops serving the menu.
    func remove() {
        object = nil
    }

    private func answer(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        switch method {
        case "GetLayout":
            let parent = Variants.int32(parameters, 0), depth = Variants.int32(parameters, 1)
            let names = Variants.elements(parameters, 2) { GLibCore.string(g_variant_get_string($0, nil)) ?? "" }
            guard let layout = layout(of: parent, depth: depth, names: names) else { return unknown(parent, invocation) }
            reply(invocation, [Variants.uint32(revision), layout])
        case "GetGroupProperties":
            let ids = Variants.elements(parameters, 0) { g_variant_get_int32($0) }
            let names = Variants.elements(parameters, 1) { GLibCore.string(g_variant_get_string($0, nil)) ?? "" }
            let entries = ids.compactMap { id in
                properties(of: id, names: names).map { Variants.tuple([Variants.int32(id), $0]) }
            }
            reply(invocation, [Variants.array(of: "(ia{sv})", entries)])
        case "GetProperty":
            let id = Variants.int32(parameters, 0), name = Variants.text(parameters, 1)
            guard let value = propertyList(of: id)?.first(where: { $0.0 == name })?.1 else { return unknown(id, invocation) }
            reply(invocation, [Variants.wrapped(value())])
        case "Event":
            let id = Variants.int32(parameters, 0)
            guard propertyList(of: id) != nil else { return unknown(id, invocation) }
            reply(invocation, [])
            handle(Variants.text(parameters, 1), on: id)
        case "EventGroup":
            let events = Variants.elements(parameters, 0) { (Variants.int32($0, 0), Variants.text($0, 1)) }
            let missing = events.filter { propertyList(of: $0.0) == nil }.map { Variants.int32($0.0) }
            reply(invocation, [Variants.array(of: "i", missing)])
            events.forEach { handle($0.1, on: $0.0) }
        case "AboutToShow":
            let id = Variants.int32(parameters, 0)
            guard propertyList(of: id) != nil else { return unknown(id, invocation) }
            reply(invocation, [Variants.bool(false)])
        default: // AboutToShowGroup: nothing changes on showing.
            reply(invocation, [Variants.array(of: "i", []), Variants.array(of: "i", [])])
        }
    }

    /// Runs the handler of item `id` for a "clicked" event; other events (hovered, opened, closed) change nothing.
    private func handle(_ event: String, on id: Int32) {
        guard event == "clicked", id >= 1, Int(id) <= items.count,
              case .command(_, let isEnabled, let handler) = items[Int(id) - 1].kind, isEnabled else { return }
        handler()
    }

    /// `(ia{sv}av)`: the item and, for the root and a depth other than 0, its children.
    private func layout(of id: Int32, depth: Int32, names: [String]) -> OpaquePointer? {
        guard let properties = properties(of: id, names: names) else { return nil }
        let children = id == 0 && depth != 0
            ? items.indices.map { Variants.wrapped(layout(of: Int32($0 + 1), depth: 0, names: names)!) }
            : []
        return Variants.tuple([Variants.int32(id), properties, Variants.array(of: "v", children)])
    }

    /// The `a{sv}` of item `id`, only the properties `names` lists when it lists any; nil for no such item.
    private func properties(of id: Int32, names: [String]) -> OpaquePointer? {
        propertyList(of: id).map { list in
            Variants.dictionary(list.filter { names.isEmpty || names.contains($0.0) }.map { ($0.0, $0.1()) })
        }
    }

    /// The names of item `id`'s properties, each with how to make its value (only when sent,
    /// so no value is made and dropped); nil for no such item.
    private func propertyList(of id: Int32) -> [(String, () -> OpaquePointer)]? {
        if id == 0 { return [("children-display", { Variants.string("submenu") })] }
        guard id >= 1, Int(id) <= items.count else { return nil }
        switch items[Int(id) - 1].kind {
        case .command(let label, let isEnabled, _):
            return [("label", { Variants.string(label) }), ("enabled", { Variants.bool(isEnabled) }),
                    ("visible", { Variants.bool(true) })]
        case .separator:
            return [("type", { Variants.string("separator") }), ("visible", { Variants.bool(true) })]
        }
    }

    private func reply(_ invocation: OpaquePointer, _ values: [OpaquePointer?]) {
        g_dbus_method_invocation_return_value(invocation, Variants.tuple(values))
    }

    private func unknown(_ id: Int32, _ invocation: OpaquePointer) {
        g_dbus_method_invocation_return_dbus_error(invocation, Self.unknownItem, "The menu has no item \(id)")
    }
}
