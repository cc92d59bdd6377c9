import CGLib

/// New floating `GVariant`s and readings of borrowed ones: the values of D-Bus calls, replies
/// and signals, written once for every module that speaks D-Bus. Package access: raw variants
/// stay inside the library.
package enum Variants {
    package static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }
    package static func bool(_ value: Bool) -> OpaquePointer { g_variant_new_boolean(value ? 1 : 0) }
    package static func int32(_ value: Int32) -> OpaquePointer { g_variant_new_int32(value) }
    package static func uint32(_ value: UInt32) -> OpaquePointer { g_variant_new_uint32(value) }
    package static func objectPath(_ value: String) -> OpaquePointer { g_variant_new_object_path(value) }
    package static func wrapped(_ value: OpaquePointer) -> OpaquePointer { g_variant_new_variant(value) }

    package static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
        var children = children
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    /// An array of `elementType` (given so that an empty array has a type).
    package static func array(of elementType: String, _ children: [OpaquePointer?]) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        var children = children
        return g_variant_new_array(type, &children, gsize(children.count))
    }

    /// An `a{sv}` of `entries`, in order.
    package static func dictionary(_ entries: [(String, OpaquePointer)]) -> OpaquePointer {
        array(of: "{sv}", entries.map { g_variant_new_dict_entry(string($0.0), wrapped($0.1)) })
    }

    /// The child at `index` of a borrowed tuple, as text, a number or a list.
    package static func text(_ tuple: OpaquePointer, _ index: Int) -> String {
        let child = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(child) }
        return GLibCore.string(g_variant_get_string(child, nil)) ?? ""
    }

    package static func int32(_ tuple: OpaquePointer, _ index: Int) -> Int32 {
        let child = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(child) }
        return g_variant_get_int32(child)
    }

    /// The elements of the array at `index`, each read by `read` (borrowed for the call).
    package static func elements<Element>(_ tuple: OpaquePointer, _ index: Int, _ read: (OpaquePointer) -> Element) -> [Element] {
        let child = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(child) }
        return (0..<Int(g_variant_n_children(child))).map { position in
            let element = g_variant_get_child_value(child, gsize(position))!
            defer { g_variant_unref(element) }
            return read(element)
        }
    }
}
