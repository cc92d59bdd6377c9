import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// The default design (`BridgeContentWorld.capability`: page-world handlers under secret
/// names) through the same scenarios as the relay and the plain page world; its iframe and
/// untrusted-page tests are in `CallerIntegrationTests`.
final class CapabilityWorldIntegrationTests: GTKTestCase {
    func testTheDefaultIsTheCapabilityWorld() {
        XCTAssertEqual(BridgeConfiguration().contentWorld, .capability)
    }

    func testSequentialAndConcurrentInvokes() {
        gtkTest(timeout: 60) { try await InvokeIntegrationTests.sequentialAndConcurrentInvokes(in: .capability) }
    }

    func testATenMegabytePayloadRoundTripsIntact() {
        gtkTest(timeout: 60) { try await InvokeIntegrationTests.tenMegabytePayloadRoundTrip(in: .capability) }
    }

    func testEveryErrorCodeReachesThePage() {
        gtkTest { try await ErrorCodeIntegrationTests.everyErrorCodeReachesThePage(in: .capability) }
    }

    func testSeedStylePageCodeWorksUnchanged() {
        gtkTest { try await NativeToPageIntegrationTests.seedStylePageCodeWorksUnchanged(in: .capability) }
    }

    func testMessageHandlersSurviveAGarbageCollection() {
        gtkTest(timeout: 90) { try await HostilePageIntegrationTests.messageHandlersSurviveAGarbageCollection(in: .capability) }
    }

    func testAHandlerNameIsMatchedExactly() {
        gtkTest { try await HostilePageIntegrationTests.handlerNamesAreMatchedExactly(in: .capability) }
    }

    func testStringsCrossWholeWithNUL() {
        gtkTest { try await HostilePageIntegrationTests.stringsCrossWhole(in: .capability) }
    }

    func testASparseArrayIsRefusedAtOnce() {
        gtkTest(timeout: 60) { try await HostilePageIntegrationTests.sparseArraysAreRefusedAtOnce(in: .capability) }
    }

    /// Past the client, straight to the secret-named handler: the native side checks the
    /// size and depth limits too.
    func testRawPostsPastTheClientMeetTheNativeLimits() {
        gtkTest { @MainActor in
            let page = try await BridgePageFixture.echoing(BridgeConfiguration(maxPayloadBytes: 4096, maxDepth: 16))
            defer { page.close() }
            let outcome = try await page.run("""
                const handler = window.webkit.messageHandlers['\(page.bridge.registeredPrefix)echo'];
                const deep = (n) => { let v = 1; for (let i = 0; i < n; i++) v = [v]; return v; };
                const codes = [];
                for (const payload of [{ data: 'é'.repeat(3000) }, deep(17)]) {
                  try { await handler.postMessage(payload); codes.push('resolved'); } catch (e) { codes.push(JSON.parse(e.message).code); }
                }
                return codes;
                """)
            XCTAssertEqual(outcome, ["payload-too-large", "payload-too-large"])
        }
    }
}
