import CGLib
import GLibCore
import LoopTestHelpers
import XCTest

/// A GObject signal reaches its Swift closure for as long as the connection lives, and the
/// closure is released the moment GLib lets go of it: on disconnect or on the object's disposal.
/// Plain GIO objects, so no display is needed.
final class SignalConnectionTests: LoopTestCase {
    /// A `GSimpleAction`, whose `enabled` property notifies each time it changes; the test
    /// owns its reference.
    final class Action {
        let raw = UnsafeMutableRawPointer(g_simple_action_new("probe", nil)!)
        func toggle() {
            let enabled = g_action_get_enabled(OpaquePointer(raw))
            g_simple_action_set_enabled(OpaquePointer(raw), enabled == 0 ? 1 : 0)
        }
        deinit { g_object_unref(raw) }
    }

    func testASignalReachesItsClosureEachTimeItIsEmitted() {
        loopTest {
            let action = Action()
            var notified = 0
            let connection = Signals.connect(action.raw, "notify::enabled") { (_: Signals.Pointer) in notified += 1 }
            action.toggle()
            action.toggle()
            XCTAssertEqual(notified, 2)
            XCTAssertTrue(connection.isConnected)
        }
    }

    func testACancellablesCancelledSignalIsDelivered() {
        loopTest {
            let cancellable = ObjectReference<GCancellable>(adopting: g_cancellable_new())
            var cancelled = 0
            let connection = Signals.connect(cancellable.raw, "cancelled") { cancelled += 1 }
            g_cancellable_cancel(cancellable.pointer)
            XCTAssertEqual(cancelled, 1)
            withExtendedLifetime(connection) {}
        }
    }

    /// Connects a counting closure to an action's `notify::enabled`, ends the connection with
    /// `end` (which gets the only reference to it), and checks that the closure was released
    /// and that the next emission reaches nothing.
    @MainActor
    private static func expectEndingReleasesTheClosure(file: StaticString = #filePath, line: UInt = #line,
                                                       _ end: (inout SignalConnection?) -> Void) {
        let action = Action()
        let baseline = SignalConnection.liveClosureCount
        var notified = 0
        var connection: SignalConnection? = Signals.connect(action.raw, "notify::enabled") { (_: Signals.Pointer) in
            notified += 1
        }
        XCTAssertEqual(SignalConnection.liveClosureCount, baseline + 1, file: file, line: line)
        end(&connection)
        XCTAssertEqual(SignalConnection.liveClosureCount, baseline, file: file, line: line)
        action.toggle()
        XCTAssertEqual(notified, 0, file: file, line: line)
        withExtendedLifetime(connection) {}
    }

    func testDisconnectStopsDeliveryAndReleasesTheClosure() {
        loopTest {
            Self.expectEndingReleasesTheClosure { connection in
                connection!.disconnect()
                XCTAssertFalse(connection!.isConnected)
            }
        }
    }

    func testDroppingTheConnectionDisconnectsIt() {
        loopTest {
            Self.expectEndingReleasesTheClosure { connection in connection = nil }
        }
    }

    func testTheObjectsDisposalReleasesTheClosureThroughTheDestroyNotify() {
        loopTest {
            let action = Action()
            let baseline = SignalConnection.liveClosureCount
            /// Alive while the closure is: the closure holds the only reference.
            final class Witness {}
            weak var witness: Witness?
            let connection: SignalConnection = {
                let captured = Witness()
                witness = captured
                return Signals.connect(action.raw, "notify::enabled") { (_: Signals.Pointer) in
                    withExtendedLifetime(captured) {}
                }
            }()
            XCTAssertNotNil(witness)
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline + 1)
            g_object_run_dispose(action.raw.assumingMemoryBound(to: GObject.self))
            XCTAssertNil(witness, "the destroy-notify released the closure")
            XCTAssertFalse(connection.isConnected)
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
            connection.disconnect()
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
        }
    }
}
