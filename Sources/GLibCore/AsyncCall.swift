import CGLib

/// Runs a GIO-style asynchronous call (`…_async` with a `GAsyncReadyCallback`, then
/// `…_finish`) as a Swift `async` function.
///
/// `start` receives the callback and user data to pass to the C call; `finish`
/// runs in the callback with the `GAsyncResult` and produces the value or throws.
/// The continuation is resumed exactly once, from the GLib loop.
@MainActor
package func asyncCall<Value>(
    start: (GAsyncReadyCallback, gpointer) -> Void,
    finish: @escaping @MainActor (OpaquePointer) throws -> Value
) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        typealias H = @MainActor (OpaquePointer) -> Void
        let completion: H = { result in
            // The value is created here and handed over once; nothing else touches it.
            nonisolated(unsafe) let outcome = Result { try finish(result) }
            continuation.resume(with: outcome)
        }
        let box = Unmanaged.passRetained(ClosureBox<H>(completion)).toOpaque()
        start({ _, result, data in
            let box = Unmanaged<ClosureBox<H>>.fromOpaque(data!)
            MainActor.assumeIsolated { box.takeUnretainedValue().handler(result!) }
            box.release()
        }, box)
    }
}

/// Calls a C function that reports failure through a `GError **`, throwing it as `GLibError`.
@MainActor
package func throwingGError<Value>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Value) throws -> Value {
    var error: UnsafeMutablePointer<GError>?
    let value = body(&error)
    if let failure = GLibError.take(error) { throw failure }
    return value
}
