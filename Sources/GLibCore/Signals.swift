import CGLib

/// Typed `connect` calls for the C signatures this project listens to.
///
/// A signal's C handler has a fixed shape (instance, arguments…, user data), so each
/// shape below has one `@convention(c)` trampoline that unpacks the box and calls the
/// Swift closure on the main actor. Pointers arrive raw; the wrapper that connects
/// knows their type. Add a shape here when a new signal needs one. Package access:
/// raw instances and arguments stay inside the library.
@MainActor
package enum Signals {
    package typealias Pointer = UnsafeMutableRawPointer?

    /// `void (*)(GObject *self, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        typealias H = @MainActor () -> Void
        let trampoline: @convention(c) (Pointer, Pointer) -> Void = { _, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)() }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gpointer (*)(GObject *self, gpointer data)`: a signal asking the handler for an object.
    /// Named apart: as a `connect` overload it would make closures of the `void` shape ambiguous.
    package static func connectProviding(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                         _ handler: @escaping @MainActor () -> Pointer) -> SignalConnection {
        typealias H = @MainActor () -> Pointer
        let trampoline: @convention(c) (Pointer, Pointer) -> Pointer = { _, data in
            let address = MainActor.assumeIsolated { UInt(bitPattern: ClosureBox<H>.from(data)()) }
            return UnsafeMutableRawPointer(bitPattern: address)
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gpointer arg, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer) -> Void) -> SignalConnection {
        typealias H = @MainActor (Pointer) -> Void
        let trampoline: @convention(c) (Pointer, Pointer, Pointer) -> Void = { _, arg, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(arg) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, gpointer arg, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer) -> Bool) -> SignalConnection {
        typealias H = @MainActor (Pointer) -> Bool
        let trampoline: @convention(c) (Pointer, Pointer, Pointer) -> gboolean = { _, arg, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(arg) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `GtkWidget *(*)(GObject *self, gpointer arg, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer) -> Pointer) -> SignalConnection {
        typealias H = @MainActor (Pointer) -> Pointer
        let trampoline: @convention(c) (Pointer, Pointer, Pointer) -> Pointer = { _, arg, data in
            let address = MainActor.assumeIsolated { UInt(bitPattern: ClosureBox<H>.from(data)(arg)) }
            return UnsafeMutableRawPointer(bitPattern: address)
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gint/guint/enum arg, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection {
        typealias H = @MainActor (Int32) -> Void
        let trampoline: @convention(c) (Pointer, Int32, Pointer) -> Void = { _, arg, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(arg) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, guint64 arg, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (UInt64) -> Void) -> SignalConnection {
        typealias H = @MainActor (UInt64) -> Void
        let trampoline: @convention(c) (Pointer, UInt64, Pointer) -> Void = { _, arg, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(arg) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gint/enum arg1, gpointer arg2, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Int32, Pointer) -> Void) -> SignalConnection {
        typealias H = @MainActor (Int32, Pointer) -> Void
        let trampoline: @convention(c) (Pointer, Int32, Pointer, Pointer) -> Void = { _, arg1, arg2, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(arg1, arg2) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gpointer arg1, gpointer arg2, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Pointer) -> Void) -> SignalConnection {
        typealias H = @MainActor (Pointer, Pointer) -> Void
        let trampoline: @convention(c) (Pointer, Pointer, Pointer, Pointer) -> Void = { _, arg1, arg2, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(arg1, arg2) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, gpointer arg1, gpointer arg2, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Pointer) -> Bool) -> SignalConnection {
        typealias H = @MainActor (Pointer, Pointer) -> Bool
        let trampoline: @convention(c) (Pointer, Pointer, Pointer, Pointer) -> gboolean = { _, arg1, arg2, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(arg1, arg2) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, gpointer arg1, gint/enum arg2, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Int32) -> Bool) -> SignalConnection {
        typealias H = @MainActor (Pointer, Int32) -> Bool
        let trampoline: @convention(c) (Pointer, Pointer, Int32, Pointer) -> gboolean = { _, arg1, arg2, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(arg1, arg2) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, gint/enum arg1, gpointer arg2, gpointer arg3, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Int32, Pointer, Pointer) -> Bool) -> SignalConnection {
        typealias H = @MainActor (Int32, Pointer, Pointer) -> Bool
        let trampoline: @convention(c) (Pointer, Int32, Pointer, Pointer, Pointer) -> gboolean = { _, a1, a2, a3, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, gpointer arg1, gpointer arg2, gpointer arg3, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Pointer, Pointer) -> Bool) -> SignalConnection {
        typealias H = @MainActor (Pointer, Pointer, Pointer) -> Bool
        let trampoline: @convention(c) (Pointer, Pointer, Pointer, Pointer, Pointer) -> gboolean = { _, a1, a2, a3, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gpointer arg1, gint arg2, gpointer arg3, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Int32, Pointer) -> Void) -> SignalConnection {
        typealias H = @MainActor (Pointer, Int32, Pointer) -> Void
        let trampoline: @convention(c) (Pointer, Pointer, Int32, Pointer, Pointer) -> Void = { _, a1, a2, a3, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, gpointer arg1, gpointer arg2, guint flags, gpointer data)`
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Pointer, UInt32) -> Bool) -> SignalConnection {
        typealias H = @MainActor (Pointer, Pointer, UInt32) -> Bool
        let trampoline: @convention(c) (Pointer, Pointer, Pointer, UInt32, Pointer) -> gboolean = { _, a1, a2, a3, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gpointer arg1, gint x, gint y, gpointer arg4, guint info, guint time, gpointer data)`:
    /// GTK's `drag-data-received`.
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Int32, Int32, Pointer, UInt32, UInt32) -> Void) -> SignalConnection {
        typealias H = @MainActor (Pointer, Int32, Int32, Pointer, UInt32, UInt32) -> Void
        let trampoline: @convention(c) (Pointer, Pointer, Int32, Int32, Pointer, UInt32, UInt32, Pointer) -> Void = {
            _, a1, a2, a3, a4, a5, a6, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3, a4, a5, a6) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, gpointer arg1, gint x, gint y, guint time, gpointer data)`: GTK's `drag-drop`.
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Int32, Int32, UInt32) -> Bool) -> SignalConnection {
        typealias H = @MainActor (Pointer, Int32, Int32, UInt32) -> Bool
        let trampoline: @convention(c) (Pointer, Pointer, Int32, Int32, UInt32, Pointer) -> gboolean = { _, a1, a2, a3, a4, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3, a4) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gpointer arg1, gpointer arg2, guint flags, gpointer data)`
    /// (GFileMonitor's `changed`: the file, the other file, the event).
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Pointer, UInt32) -> Void) -> SignalConnection {
        typealias H = @MainActor (Pointer, Pointer, UInt32) -> Void
        let trampoline: @convention(c) (Pointer, Pointer, Pointer, UInt32, Pointer) -> Void = { _, a1, a2, a3, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
    /// `gboolean (*)(GObject *self, gpointer data)` (GTK 4's `close-request`). Named apart: as
    /// a `connect` overload it would make closures of the `void` shape ambiguous.
    package static func connectDeciding(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                        _ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        typealias H = @MainActor () -> Bool
        let trampoline: @convention(c) (Pointer, Pointer) -> gboolean = { _, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)() ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, guint arg1, guint arg2, guint flags, gpointer data)`
    /// (GTK 4's key controller `key-pressed`: the key value, the key code, the modifiers).
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Bool) -> SignalConnection {
        typealias H = @MainActor (UInt32, UInt32, UInt32) -> Bool
        let trampoline: @convention(c) (Pointer, UInt32, UInt32, UInt32, Pointer) -> gboolean = { _, a1, a2, a3, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gint arg, gdouble x, gdouble y, gpointer data)` (GTK 4's click
    /// gesture `pressed`: the press count and where).
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalConnection {
        typealias H = @MainActor (Int32, Double, Double) -> Void
        let trampoline: @convention(c) (Pointer, Int32, Double, Double, Pointer) -> Void = { _, a1, a2, a3, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3) }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *self, gpointer arg, gdouble x, gdouble y, gpointer data)` (GTK 4's
    /// drop target `drop`: the dropped value and where).
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Pointer, Double, Double) -> Bool) -> SignalConnection {
        typealias H = @MainActor (Pointer, Double, Double) -> Bool
        let trampoline: @convention(c) (Pointer, Pointer, Double, Double, Pointer) -> gboolean = { _, a1, a2, a3, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(a1, a2, a3) ? 1 : 0 }
        }
        return SignalConnection(instance: instance, signal: signal, handler: handler as H,
                                trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
