import CGLib

/// Runs a GIO-style asynchronous call (`…_async` with a `GAsyncReadyCallback`, then
/// `…_finish`) as a Swift `async` function.
///
/// `start` receives the callback and user data to pass to the C call; `finish`
/// runs in the callback with the `GAsyncResult` and produces the value or throws, and what
/// it throws is what the call throws (typed). The continuation is resumed exactly once, from
/// the GLib loop.
@MainActor
package func asyncCall<Value, Failure: Error>(
    start: (GAsyncReadyCallback, gpointer) -> Void,
    finish: @escaping @MainActor (OpaquePointer) throws(Failure) -> Value
) async throws(Failure) -> Value {
    let outcome: Result<Value, Failure> = await withCheckedContinuation { continuation in
        typealias H = @MainActor (OpaquePointer) -> Void
        let completion: H = { result in
            // The value is created here and handed over once; nothing else touches it.
            nonisolated(unsafe) let outcome = Result { () throws(Failure) in try finish(result) }
            continuation.resume(returning: outcome)
        }
        // GIO calls the callback exactly once: the box goes with that call.
        start({ _, result, data in
            MainActor.assumeIsolated { ClosureBox<H>.take(data)(result!) }
        }, ClosureBox.retainedPointer(for: completion))
    }
    return try outcome.get()
}

/// Calls a C function that reports failure through a `GError **`, throwing it as `GLibError`;
/// on any thread (a `BoundedCommand` starts off the main one).
package func throwingGError<Value>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Value) throws(GLibError) -> Value {
    var error: UnsafeMutablePointer<GError>?
    let value = body(&error)
    if let failure = GLibError.take(error) { throw failure }
    return value
}
