import Foundation
import WebBridge
import WebBridgeTesting
import XCTest

/// Handlers that capture their owner strongly form a cycle through the bridge; removing
/// them or tearing the bridge down must break it.
@MainActor
final class LifetimeTests: XCTestCase {
    @MainActor
    final class Owner {
        let bridge: WebViewBridge
        var count = 0
        init(view: FakeWebView) {
            bridge = WebViewBridge(webView: view)
            bridge.add(Handler.action("count") { self.count += 1 })
            bridge.add(Handler.replying("async", as: Int.self) { (value: Int) async throws -> Int in self.count + value })
        }
    }

    func testTearDownReleasesTheOwner() async {
        let view = FakeWebView()
        weak var weakOwner: Owner?
        do {
            let owner = Owner(view: view)
            weakOwner = owner
            _ = await view.post("count", .undefined)
            _ = await view.post("async", .json(Data("1".utf8)))
            XCTAssertEqual(owner.count, 1)
            owner.bridge.tearDown()
        }
        XCTAssertNil(weakOwner)
        XCTAssertEqual(view.handlers.count, 0)
        XCTAssertEqual(view.scripts.count, 0)
        XCTAssertEqual(view.observerCount, 0)
    }

    func testRemovingHandlersReleasesTheOwner() {
        let view = FakeWebView()
        weak var weakOwner: Owner?
        do {
            let owner = Owner(view: view)
            weakOwner = owner
            owner.bridge.removeHandler(named: "count")
            owner.bridge.removeHandler(named: "async")
        }
        XCTAssertNil(weakOwner)
    }

    func testTheBridgeItselfIsReleasedWithItsOwner() {
        let view = FakeWebView()
        weak var weakBridge: WebViewBridge?
        do {
            let bridge = WebViewBridge(webView: view)
            bridge.add(Handler.action("x") {})
            weakBridge = bridge
        }
        XCTAssertNil(weakBridge)
        XCTAssertEqual(view.observerCount, 0)
    }

    func testWithoutTearDownTheCycleKeepsTheOwner() {
        let view = FakeWebView()
        weak var weakOwner: Owner?
        do {
            let owner = Owner(view: view)
            weakOwner = owner
        }
        // This proves the tests above can fail: the strong capture really is a cycle.
        XCTAssertNotNil(weakOwner)
        weakOwner?.bridge.tearDown()
        XCTAssertNil(weakOwner)
    }
}
