import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// The bridge with its handlers in the page's world (`BridgeContentWorld.page`): the page
/// client posts to them directly, and every check that does not depend on the world holds.
final class PageWorldIntegrationTests: GTKTestCase {
    func testSequentialAndConcurrentInvokes() {
        gtkTest(timeout: 60) { try await InvokeIntegrationTests.sequentialAndConcurrentInvokes(in: .page) }
    }

    func testATenMegabytePayloadRoundTripsIntact() {
        gtkTest(timeout: 60) { try await InvokeIntegrationTests.tenMegabytePayloadRoundTrip(in: .page) }
    }

    func testEveryErrorCodeReachesThePage() {
        gtkTest { try await ErrorCodeIntegrationTests.everyErrorCodeReachesThePage(in: .page) }
    }

    func testSeedStylePageCodeWorksUnchanged() {
        gtkTest { try await NativeToPageIntegrationTests.seedStylePageCodeWorksUnchanged(in: .page) }
    }

    func testTheClientPostsStraightToThePageWorldHandlers() {
        gtkTest { @MainActor in
            let page = try await BridgePageFixture.echoing(BridgeConfiguration(contentWorld: .page))
            defer { page.close() }
            // No relay: nothing claims the relay's call event, yet invoke works.
            let outcome = try await page.run("""
                const unclaimed = window.dispatchEvent(new CustomEvent('\(CallerIntegrationTests.callEvent)',
                  { detail: { id: 1, name: 'echo', payload: {} }, cancelable: true }));
                return [unclaimed, await window.bridge.invoke('echo', { n: 1 })];
                """)
            XCTAssertEqual(outcome, [true, ["n": 1]])
        }
    }

    /// What `.page` gives up, as its documentation says: the iframe still gets no client,
    /// but it sees the page-world handler and its call passes as the trusted page's.
    func testACrossOriginIframeInATrustedPageCanReachThePageWorldHandlers() {
        gtkTest { @MainActor in
            let fixture = try CallerIntegrationTests.Fixture(configuration: BridgeConfiguration(contentWorld: .page))
            defer { fixture.close() }
            let report = try await fixture.crossOriginFrameReport()
            XCTAssertEqual(report, CallerIntegrationTests.expectedFrameReport(handlersInPageWorld: true))
            XCTAssertEqual(fixture.echoes, 1)
        }
    }

    func testAnUntrustedMainPageGetsNoBridgeAndItsRawCallsAreForbidden() {
        gtkTest { @MainActor in
            let fixture = try CallerIntegrationTests.Fixture(configuration: BridgeConfiguration(contentWorld: .page))
            defer { fixture.close() }
            fixture.other.page("/", "<!doctype html><p>elsewhere</p>")
            try await fixture.load(fixture.other.url("/"))
            // The handler is in the page's world, so the page sees it; the view's URI decides.
            let outcome = try await fixture.page.run("""
                const seen = [typeof window.bridge, typeof window.webkit.messageHandlers.echo];
                try { await window.webkit.messageHandlers.echo.postMessage({ a: 1 }); return [seen, 'resolved']; }
                catch (e) { return [seen, JSON.parse(e.message).code]; }
                """)
            XCTAssertEqual(outcome, [["undefined", "object"], "forbidden"])
            XCTAssertEqual(fixture.echoes, 0)
            XCTAssertEqual(fixture.recorder.failures.map(\.code), [.forbidden])

            // Events and page calls still go only to trusted pages.
            let heard = try await fixture.whatAPosingClientHears()
            XCTAssertEqual(heard, [])

            // The trusted page next to it works.
            fixture.trusted.page("/", "<!doctype html><p>trusted</p>")
            try await fixture.load(fixture.trusted.url("/"))
            let trusted = try await fixture.page.run("""
                return [await window.bridge.invoke('echo', { n: 1 }), await window.webkit.messageHandlers.echo.postMessage([2])];
                """)
            XCTAssertEqual(trusted, [["n": 1], [2]])
            XCTAssertEqual(fixture.echoes, 2)
        }
    }
}
