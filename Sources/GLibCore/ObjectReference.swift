import CGLib

/// One strong reference to a GObject, released when the Swift owner goes away.
///
/// GObject reference counting and Swift ARC meet here and nowhere else: every
/// wrapper in this package stores its C object in an `ObjectReference`, so an
/// object lives exactly as long as some Swift value needs it. GTK objects may only be
/// touched on the main thread, so the reference belongs to the main actor and is
/// released there (an isolated deinit), never on whichever thread dropped it last.
/// Package access: the raw pointer never reaches an app.
@MainActor
package final class ObjectReference<Object> {
    /// The C object; valid for as long as this reference is alive.
    package let pointer: UnsafeMutablePointer<Object>

    /// Adopts a reference the caller already owns (a `transfer full` return value).
    package init(adopting pointer: UnsafeMutablePointer<Object>) {
        self.pointer = pointer
    }

    /// Takes a new reference, leaving the caller's untouched (`transfer none`).
    package init(retaining pointer: UnsafeMutablePointer<Object>) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    /// Owns a newly created object that may carry a floating reference (GTK widgets),
    /// so that a container adding it later cannot take the only reference away.
    package init(sinking pointer: UnsafeMutablePointer<Object>) {
        g_object_ref_sink(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// The object seen as another C type of its class hierarchy (what GTK's cast macros do).
    package func cast<Other>(to type: Other.Type = Other.self) -> UnsafeMutablePointer<Other> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Other.self)
    }

    /// The object as another type of its class hierarchy whose struct the C headers keep
    /// private (GTK 4's final classes and interfaces, `GtkLabel *`…), which Swift imports as
    /// an opaque pointer; the call's parameter type picks this or the typed `cast`.
    package func cast() -> OpaquePointer { OpaquePointer(pointer) }

    /// The object as an untyped `gpointer`.
    package var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
}

/// Reinterprets a typed GObject pointer as another type of its class hierarchy.
@inline(__always)
package func gcast<From, To>(_ pointer: UnsafeMutablePointer<From>, to: To.Type = To.self) -> UnsafeMutablePointer<To> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: To.self)
}

/// Reinterprets a typed GObject pointer as a type of its class hierarchy that Swift imports
/// as an opaque pointer (see `ObjectReference.cast()`).
@inline(__always)
package func gcast<From>(_ pointer: UnsafeMutablePointer<From>) -> OpaquePointer {
    OpaquePointer(pointer)
}

/// Turns a C string GLib owns into a Swift string; `nil` stays `nil`.
@inline(__always)
package func string(_ cString: UnsafePointer<gchar>?) -> String? {
    cString.map { String(cString: $0) }
}

/// Turns a C string the caller must free with `g_free` into a Swift string, freeing it.
package func takeString(_ cString: UnsafeMutablePointer<gchar>?) -> String? {
    guard let cString else { return nil }
    defer { g_free(cString) }
    return String(cString: cString)
}
