import Foundation
import ScriptMessaging
import WebBridge
import WebBridgeTesting
import XCTest

struct Address: Codable, Equatable {
    var street: String?
    var city: String
    var zip: Int?
}

@MainActor
final class HandlerTests: XCTestCase {
    private var view: FakeWebView!
    private var bridge: WebViewBridge!

    override func setUp() async throws {
        view = FakeWebView()
        bridge = WebViewBridge(webView: view)
    }

    func testTheDefaultPutsHandlersInThePageWorldUnderOneSecretPrefix() {
        XCTAssertEqual(view.scripts.map(\.world), [nil])
        XCTAssertTrue(view.scripts[0].source.contains("function bridgeClient("))
        bridge.add(Handler.action("ping") {})
        XCTAssertEqual(view.handlerWorlds["__bridge"], .some(nil))
        XCTAssertEqual(view.handlerWorlds["ping"], .some(nil))
        XCTAssertEqual(view.registeredPrefixes.count, 1)
        let prefix = view.registeredPrefixes.first!
        XCTAssertEqual(prefix, bridge.registeredPrefix)
        XCTAssertTrue(view.scripts[0].source.contains(prefix), "the client knows the secret names")
    }

    func testTheIsolatedWorldInjectsTheRelayInItsWorldAndTheClientInThePage() {
        let view = FakeWebView()
        let bridge = WebViewBridge(webView: view, configuration: BridgeConfiguration(contentWorld: .isolated))
        XCTAssertEqual(view.scripts.map(\.world), ["webviewhost-bridge", nil])
        XCTAssertTrue(view.scripts[0].source.contains("namespace[prefix + routerName]"))
        XCTAssertTrue(view.scripts[1].source.contains("function bridgeClient("))
        XCTAssertNotNil(view.handlers["__bridge"])
        XCTAssertEqual(view.handlerWorlds["__bridge"], "webviewhost-bridge")
        bridge.add(Handler.action("ping") {})
        XCTAssertEqual(view.handlerWorlds["ping"], "webviewhost-bridge", "handlers live in the bridge's world, not the page's")
        XCTAssertEqual(view.registeredPrefixes, [""])
    }

    func testActionRunsAndResolvesNull() async {
        var runs = 0
        bridge.add(Handler.action("ping") { runs += 1 })
        let outcome = await view.post("ping", .undefined)
        XCTAssertEqual(outcome, .resolved("null"))
        XCTAssertEqual(runs, 1)
    }

    func testStringHandlerGetsPostedStringsAsTheyWereAndValuesAsJSON() async {
        var received: [String] = []
        bridge.add(Handler.string("say") { received.append($0) })
        _ = await view.post("say", .string("hello \"world\""))
        _ = await view.post("say", .json(Data(#"{"a":1}"#.utf8)))
        XCTAssertEqual(received, ["hello \"world\"", #"{"a":1}"#])
    }

    func testBytesHandlerGetsJSONBytes() async {
        var received: [Data] = []
        bridge.add(Handler.bytes("bytes") { received.append($0) })
        _ = await view.post("bytes", .json(Data("[1,2]".utf8)))
        _ = await view.post("bytes", .string("plain"))
        XCTAssertEqual(received, [Data("[1,2]".utf8), Data(#""plain""#.utf8)])
    }

    func testJSONValueHandlerGetsTheSameValueFromAStringOrAStructuredBody() async {
        var received: [JSONValue] = []
        bridge.add(Handler.json("any") { received.append($0) })
        _ = await view.post("any", .json(Data(#"{"n":1,"b":true,"s":"x","l":[null]}"#.utf8)))
        _ = await view.post("any", .string(#"{"n":1,"b":true,"s":"x","l":[null]}"#))
        _ = await view.post("any", .string("not json"))
        _ = await view.post("any", .undefined)
        let object: JSONValue = ["n": 1, "b": true, "s": "x", "l": [nil]]
        XCTAssertEqual(received, [object, object, "not json", nil])
    }

    func testTypedMessageHandler() async {
        var received: [Address] = []
        bridge.add(Handler.message("address", as: Address.self) { received.append($0) })
        let outcome = await view.post("address", .json(Data(#"{"city":"Paris","zip":75001}"#.utf8)))
        _ = await view.post("address", .string(#"{"city":"Paris","zip":75001}"#))
        XCTAssertEqual(outcome, .resolved("null"))
        XCTAssertEqual(received, [Address(city: "Paris", zip: 75001), Address(city: "Paris", zip: 75001)])
    }

    func testReplyingHandlerResolvesWithItsResponse() async throws {
        bridge.add(Handler.replying("upper", as: Address.self) { address async throws -> Address in
            try await Task.sleep(for: .milliseconds(5))
            return Address(street: address.street?.uppercased(), city: address.city.uppercased())
        })
        let outcome = await view.post("upper", .json(Data(#"{"street":"rue x","city":"Paris"}"#.utf8)))
        guard case .resolved(let json) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try JSONDecoder().decode(Address.self, from: Data(json.utf8)), Address(street: "RUE X", city: "PARIS"))
    }

    func testRespondingHandlerType() async throws {
        struct Doubler: RespondingHandler {
            let name = "double"
            func respond(to request: [Int]) async throws -> [Int] { request.map { $0 * 2 } }
        }
        bridge.add(Doubler())
        do { let outcome = await view.post("double", .string("[1,2]")); XCTAssertEqual(outcome, .resolved("[2,4]")) }
        let error = try await view.postError("double", .string("{}"))
        XCTAssertEqual(error.code, .invalidPayload)
    }

    func testRawJSONHandlerPassesBytesThrough() async {
        bridge.add(Handler.rawJSON("echo") { $0 })
        let payload = #"{"k":"v","n":[1,2,3]}"#
        do { let outcome = await view.post("echo", .json(Data(payload.utf8))); XCTAssertEqual(outcome, .resolved(payload)) }
        do { let outcome = await view.post("echo", .string(payload)); XCTAssertEqual(outcome, .resolved(payload)) }
    }

    func testCustomHandlerAnswersLater() async {
        struct Later: BridgeHandler {
            let name = "later"
            func receive(_ message: BridgeMessage, reply: BridgeReply) {
                Task { @MainActor in reply.resolve(json: "42") }
            }
        }
        bridge.add(Later())
        do { let outcome = await view.post("later", .undefined); XCTAssertEqual(outcome, .resolved("42")) }
    }

    func testInvokeThroughTheRouterReachesTheHandler() async {
        bridge.add(Handler.rawJSON("echo") { $0 })
        do { let outcome = await view.invokeThroughRouter("echo", json: "[1]"); XCTAssertEqual(outcome, .resolved("[1]")) }
    }

    func testHandlersCanBeReplacedAndRemoved() async {
        bridge.add(Handler.rawJSON("h") { _ in Data("1".utf8) })
        bridge.add(Handler.rawJSON("h") { _ in Data("2".utf8) })
        do { let outcome = await view.post("h", .undefined); XCTAssertEqual(outcome, .resolved("2")) }
        bridge.removeHandler(named: "h")
        XCTAssertNil(view.handlers["h"])
        do { let outcome = await view.invokeThroughRouter("h", json: "null"); XCTAssertEqual(outcome.error?.code, .unknownHandler) }
        XCTAssertEqual(bridge.handlerNames, [])
    }
}
