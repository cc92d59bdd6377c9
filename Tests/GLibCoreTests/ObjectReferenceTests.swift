import CGLib
import Foundation
import GLibCore
import LoopTestHelpers
import XCTest

/// GObject ownership without a display: the object goes when its last Swift owner does, and
/// always on the main thread, whichever thread let go of it last.
final class ObjectReferenceTests: LoopTestCase {
    /// Where the object was finalised, recorded by GLib's weak-reference callback.
    nonisolated(unsafe) static var finalizedOnMainThread: Bool?

    /// A holder another thread can empty (only that thread touches it then).
    final class Holder: @unchecked Sendable {
        var reference: ObjectReference<GCancellable>?
        init(_ reference: ObjectReference<GCancellable>) { self.reference = reference }
    }

    func testTheLastReleaseOffTheMainActorFinalisesTheObjectOnTheMainThread() {
        loopTest {
            Self.finalizedOnMainThread = nil
            let holder = Holder(ObjectReference(adopting: g_cancellable_new()))
            g_object_weak_ref(holder.reference!.raw.assumingMemoryBound(to: GObject.self), { _, _ in
                ObjectReferenceTests.finalizedOnMainThread = Thread.isMainThread
            }, nil)
            await Task.detached {
                XCTAssertFalse(Thread.isMainThread)
                holder.reference = nil
            }.value
            try await waitUntil("object finalised") { Self.finalizedOnMainThread != nil }
            XCTAssertEqual(Self.finalizedOnMainThread, true)
        }
    }
}
