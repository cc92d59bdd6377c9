import Foundation
@testable import Geocoding
import LoopTestHelpers
import XCTest

/// Cancelling a geocode ends it at once and frees its turn: lookups nobody waits for never
/// hold up a fresh one.
final class GeocodingCancellationTests: LoopTestCase {
    func testCancelledGeocodesThrowCancellationAndAFreshOneIsPlaced() {
        loopTest(timeout: 60) { @MainActor in
            let geocoder = Geocoder()
            let burst = (0..<40).map { _ in Task { @MainActor in try await geocoder.geocode(text: "Moscow, Russia") } }
            // A lookup takes milliseconds, so the burst is cancelled before any has its turn.
            burst.forEach { $0.cancel() }
            var cancelled = 0
            for task in burst {
                do { _ = try await task.value } catch is CancellationError { cancelled += 1 }
            }
            XCTAssertGreaterThanOrEqual(cancelled, 38)
            try await assertPlaced("Oslo, Norway", near: 59.9127, 10.7461, country: "NO")
        }
    }

    func testALookupWaitingForItsTurnIsDroppedWhenCancelled() {
        loopTest { @MainActor in
            let slots = LookupSlots(limit: 1)
            var gate: CheckedContinuation<Void, Never>?
            let first = Task { @MainActor in try await slots.run { await withCheckedContinuation { gate = $0 } } }
            try await waitUntil { gate != nil }
            var ran = false
            let second = Task { @MainActor in try await slots.run { ran = true } }
            try await Task.sleep(for: .milliseconds(10))
            second.cancel()
            do {
                try await second.value
                XCTFail("a cancelled lookup ran")
            } catch is CancellationError {}
            gate?.resume()
            try await first.value
            try await slots.run { ran = ran || false }
            XCTAssertFalse(ran)
        }
    }
}
