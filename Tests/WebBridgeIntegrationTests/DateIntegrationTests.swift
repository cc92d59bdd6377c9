import Foundation
import ScriptMessaging
import TestHelpers
import WebBridge
import XCTest

/// Dates cross as JavaScript counts them, milliseconds since 1970, in both directions: a
/// page's `Date.getTime()` decodes as that instant, and the answer is `new Date(ms)`-ready.
final class DateIntegrationTests: GTKTestCase {
    struct Meeting: Codable { let title: String; let at: Date }
    struct Later: RespondingHandler {
        let name = "later"
        func respond(to request: Meeting) async throws -> Meeting {
            Meeting(title: request.title, at: request.at.addingTimeInterval(3600))
        }
    }

    func testADateFromThePageIsItsInstantAndTheAnswerIsMillisecondsSince1970() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            var received: Date?
            page.bridge.add(Handler.message("record", as: Meeting.self) { meeting in received = meeting.at })
            page.bridge.add(Later())
            try await page.load()
            let outcome = try await page.run("""
                const at = Date.UTC(2026, 11, 1, 23, 30, 15, 250);
                await window.bridge.invoke('record', { title: 'plan', at });
                const later = await window.bridge.invoke('later', { title: 'plan', at });
                return [typeof later.at, later.at - at, new Date(later.at).toISOString()];
                """)
            XCTAssertEqual(outcome, ["number", 3_600_000, "2026-12-02T00:30:15.250Z"])
            let expected = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                          year: 2026, month: 12, day: 1, hour: 23, minute: 30, second: 15).date!
            XCTAssertEqual(try XCTUnwrap(received).timeIntervalSince1970, expected.timeIntervalSince1970 + 0.25, accuracy: 0.0005)
        }
    }

    /// A page passes its `Date` objects as they are, in a payload, a JSON string it wrote itself
    /// (`JSON.stringify` writes ISO 8601) or to a raw `messageHandlers` post; Swift's dates, which
    /// hold fractions of a millisecond, reach the page as whole milliseconds, as JavaScript's are.
    func testDateObjectsFromThePageAndWholeMillisecondsToIt() {
        gtkTest { @MainActor in
            let page = BridgePageFixture()
            defer { page.close() }
            var received: [Date] = []
            page.bridge.add(Handler.message("record", as: Meeting.self) { meeting in received.append(meeting.at) })
            page.bridge.add(Later())
            page.bridge.add(Handler.replying("now", as: JSONValue?.self) { _ in
                Meeting(title: "now", at: Date(timeIntervalSince1970: 1_796_230_241.756_228_5))
            })
            try await page.load()
            let outcome = try await page.run("""
                const at = new Date(Date.UTC(2026, 11, 1, 23, 30, 15, 250));
                await window.bridge.invoke('record', { title: 'object', at });
                await window.bridge.invoke('record', JSON.stringify({ title: 'text', at }));
                await window.webkit.messageHandlers.record.postMessage({ title: 'raw', at });
                const later = await window.bridge.invoke('later', { title: 'plan', at });
                const now = await window.bridge.invoke('now');
                return [later.at - at.getTime(), now.at, Number.isInteger(now.at)];
                """)
            XCTAssertEqual(outcome, [3_600_000, 1_796_230_241_756, true])
            XCTAssertEqual(received.count, 3, "\(received)")
            let expected = Date(timeIntervalSince1970: 1_796_167_815.25)  // 2026-12-01T23:30:15.250Z
            for date in received { XCTAssertEqual(date.timeIntervalSince1970, expected.timeIntervalSince1970, accuracy: 0.0005) }
        }
    }
}
