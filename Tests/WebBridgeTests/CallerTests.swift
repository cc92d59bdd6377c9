import Foundation
import WebBridge
import WebBridgeTesting
import WebOrigin
import XCTest

/// Who may call: the view's own URI decides, per handler; limits on size and depth.
@MainActor
final class CallerTests: XCTestCase {
    private var view: FakeWebView!
    private var bridge: WebViewBridge!
    private var delegate: RecordingDelegate!
    private var logger: LoggingTests.RecordingLogger!

    override func setUp() async throws {
        view = FakeWebView()
        logger = LoggingTests.RecordingLogger(enabled: [.warning, .error])
        bridge = WebViewBridge(webView: view, logger: logger)
        delegate = RecordingDelegate()
        bridge.delegate = delegate
        bridge.add(Handler.rawJSON("echo") { $0 })
    }

    func testTheAppSchemeIsTrustedByDefault() async {
        view.commit("app://localhost/demo/page.html")
        do { let value = await view.post("echo", .json(Data("[1]".utf8))); XCTAssertEqual(value, .resolved("[1]")) }
    }

    func testAnotherOriginIsRefusedLoggedAndReported() async throws {
        for uri in ["http://127.0.0.1:8080/", "app://localhost.evil/x", "app://other/", "file:///tmp/x.html", "about:blank"] {
            view.commit(uri)
            let error = try await view.postError("echo", .json(Data("[1]".utf8)))
            XCTAssertEqual(error.code, .forbidden, uri)
            XCTAssertTrue(error.message.contains(uri), error.message)
        }
        XCTAssertEqual(delegate.failures.count, 5)
        guard case .message(_, let error)? = delegate.failures.first else { return XCTFail("\(delegate.failures)") }
        XCTAssertEqual(error.code, .forbidden)
        XCTAssertEqual(logger.lines.filter { $0.0 == .warning && $0.1.contains("forbidden") }.count, 5)
    }

    func testAHandlerDeclaresItsOwnCallers() async throws {
        bridge.add(Handler.rawJSON("open") { $0 }.callable(by: .origins("http://127.0.0.1:8080")))
        XCTAssertEqual(bridge.callers, CallerPolicy.appScheme.union(.origins("http://127.0.0.1:8080")))
        XCTAssertEqual(view.scripts.last?.source.contains("127.0.0.1:8080"), true)
        view.commit("http://127.0.0.1:8080/page")
        do { let value = await view.post("open", .json(Data("2".utf8))); XCTAssertEqual(value, .resolved("2")) }
        do { let value = try await view.postError("echo", .json(Data("2".utf8))).code; XCTAssertEqual(value, .forbidden) }
        view.commit("http://127.0.0.1:8081/page")
        do { let value = try await view.postError("open", .json(Data("2".utf8))).code; XCTAssertEqual(value, .forbidden) }
        // Unknown names on an untrusted page say nothing about which handlers exist.
        do { let value = try await view.invokeError("nobody", json: "2").code; XCTAssertEqual(value, .forbidden) }
    }

    func testTrustingAPageLaterLetsItCall() async throws {
        view.commit("http://127.0.0.1:9000/start.html")
        do { let value = try await view.postError("echo", .json(Data("1".utf8))).code; XCTAssertEqual(value, .forbidden) }
        bridge.trust(.page("http://127.0.0.1:9000/start.html"))
        XCTAssertTrue(view.scripts.last!.source.contains("127.0.0.1:9000"))
        do { let value = await view.post("echo", .json(Data("1".utf8))); XCTAssertEqual(value, .resolved("1")) }
    }

    func testWhileALoadIsPendingTheOldPageIsTheCaller() async throws {
        view.commit("http://evil.example/")
        // The view's URI already names the trusted page, but the old page still runs.
        view.send(.started(uri: "app://localhost/index.html"))
        view.pageURI = "app://localhost/index.html"
        do { let value = try await view.postError("echo", .json(Data("1".utf8))).code; XCTAssertEqual(value, .forbidden) }
        view.send(.committed(uri: "app://localhost/index.html"))
        do { let value = await view.post("echo", .json(Data("1".utf8))); XCTAssertEqual(value, .resolved("1")) }
        // A trusted page navigating away stays the caller until the next page commits.
        view.send(.started(uri: "http://evil.example/"))
        view.pageURI = "http://evil.example/"
        do { let value = await view.post("echo", .json(Data("1".utf8))); XCTAssertEqual(value, .resolved("1")) }
        view.send(.committed(uri: "http://evil.example/"))
        do { let value = try await view.postError("echo", .json(Data("1".utf8))).code; XCTAssertEqual(value, .forbidden) }
    }

    func testEventsAndPageCallsGoOnlyToTrustedPages() async throws {
        view.commit("http://evil.example/")
        try bridge.dispatch("secret", ["key": "value"])
        try bridge.sendJavaScriptCall("show", "secret")
        do {
            try await bridge.callJavaScript("show", "secret")
            XCTFail("a page call reached an untrusted page")
        } catch let error as BridgeError {
            XCTAssertEqual(error.code, .forbidden)
        }
        XCTAssertEqual(view.evaluated, [])
        let refused = delegate.failures.compactMap { failure -> BridgeError? in
            if case .script(let error as BridgeError) = failure { return error } else { return nil }
        }
        XCTAssertEqual(refused.map(\.code), [.forbidden, .forbidden])
        // Plain evaluation is the app's own business, on any page.
        _ = try await bridge.evaluateJavaScript("1")
        XCTAssertEqual(view.evaluated, ["1"])
        view.commit("app://localhost/index.html")
        try bridge.dispatch("hello", 1)
        try await Task.sleep(for: .milliseconds(10))
        XCTAssertTrue(view.evaluated.contains { $0.contains("__emit") }, "\(view.evaluated)")
    }

    func testOverDeepPayloadsAreRejected() async throws {
        let bridge = WebViewBridge(webView: view, configuration: BridgeConfiguration(maxDepth: 8))
        bridge.add(Handler.json("any") { _ in })
        let deep = String(repeating: "[", count: 9) + String(repeating: "]", count: 9)
        let fine = String(repeating: "{\"a\":", count: 8) + "1" + String(repeating: "}", count: 8)
        let deepInsideStrings = "[\"" + String(repeating: "[{\\\"", count: 40) + "\"]"
        // A string ending in an escaped backslash ends at the next quote: what follows counts.
        let deepAfterBackslash = "[\"x\\\\\"," + String(repeating: "[", count: 8) + String(repeating: "]", count: 9)
        let error = try await view.postError("any", .json(Data(deep.utf8)))
        XCTAssertEqual(error.code, .payloadTooLarge)
        XCTAssertTrue(error.message.contains("deeper than 8"), error.message)
        do { let value = try await view.postError("any", .string(deep)).code; XCTAssertEqual(value, .payloadTooLarge) }
        do { let value = try await view.postError("any", .json(Data(deepAfterBackslash.utf8))).code; XCTAssertEqual(value, .payloadTooLarge) }
        do { let value = await view.post("any", .json(Data(fine.utf8))); XCTAssertEqual(value, .resolved("null")) }
        do { let value = await view.post("any", .json(Data(deepInsideStrings.utf8))); XCTAssertEqual(value, .resolved("null")) }
        do { let value = await view.post("any", .string("text with [[[[[[[[[[ brackets")); XCTAssertEqual(value, .resolved("null")) }
    }

    func testTheClientCarriesTheLimits() {
        let bridge = WebViewBridge(webView: FakeWebView(), configuration: BridgeConfiguration(maxPayloadBytes: 1234, maxDepth: 7))
        let client = (bridge.webView as! FakeWebView).scripts.last!.source
        XCTAssertTrue(client.contains(#""maxBytes":1234"#), client.suffix(300).description)
        XCTAssertTrue(client.contains(#""maxDepth":7"#))
    }
}

final class CallerPolicyTests: XCTestCase {
    func testOriginsAreNormalisedAsWebKitShowsThem() {
        XCTAssertEqual(CallerPolicy.origins("HTTP://127.0.0.1:80", "https://Example.org:443/", "http://h:8080").scopes.map(\.uriPrefix).sorted(),
                       ["http://127.0.0.1/", "http://h:8080/", "https://example.org/"])
    }

    func testOriginsAreReadAsEveryOtherSecurityDecisionReadsThem() {
        XCTAssertEqual(CallerPolicy.origins("http://user@Host:80", "not an origin").scopes, [.origin(Origin(scheme: "http", host: "host"))])
        XCTAssertFalse(CallerPolicy.origins("file:///home/me/site/").allows("file:///home/me/site/index.html"),
                       "files have no origin of their own: they go by directory")
        for uri in ["https://user:pw@Example.org:443/x", "HTTP://[::1]:8080/a?b", "app://localhost/index.html",
                    "blob:https://example.org/1234"] {
            XCTAssertEqual(CallerPolicy.page(uri).scopes, [.origin(try XCTUnwrap(Origin(uri: uri)))], uri)
        }
    }

    func testAStartPageBringsItsOriginOrItsDirectory() {
        XCTAssertEqual(CallerPolicy.page("http://127.0.0.1:8080/a/b.html?q#f").scopes.map(\.uriPrefix), ["http://127.0.0.1:8080/"])
        XCTAssertEqual(CallerPolicy.page("file:///home/me/site/index.html").scopes.map(\.uriPrefix), ["file:///home/me/site/"])
        XCTAssertEqual(CallerPolicy.page("about:blank").scopes, [])
        XCTAssertEqual(CallerPolicy.page("data:text/html,x").scopes, [])
        XCTAssertEqual(CallerPolicy.page("file://server/share/index.html").scopes, [], "not a file of this machine")
        XCTAssertEqual(CallerPolicy.page("file:///home/me/site/../index.html").scopes, [])
    }

    func testPrefixesEndAtTheOriginOrDirectory() {
        let policy = CallerPolicy.appScheme.union(.origins("http://127.0.0.1:8080")).union(.page("file:///site/index.html"))
        for uri in ["app://localhost", "app://localhost/", "app://localhost/x/y.html", "http://127.0.0.1:8080/",
                    "file:///site/index.html", "file:///site/sub/page.html", "file://localhost/site/index.html"] {
            XCTAssertTrue(policy.allows(uri), uri)
        }
        for uri in ["app://localhostx/", "app://localhost:1/", "http://127.0.0.1:80801/", "http://127.0.0.1/",
                    "http://127.0.0.1:8080.evil/", "file:///site2/index.html", "file:///", "https://127.0.0.1:8080/",
                    "file:///site", "file:///site/..%2Fetc/passwd", "file://server/site/index.html"] {
            XCTAssertFalse(policy.allows(uri), uri)
        }
    }

    /// File names are bytes: the directory of a page whose name is not UTF-8 (`d\xE9`, Latin-1)
    /// holds the pages of those bytes however the URI spells them, and no others.
    func testFilePagesAreJudgedByTheBytesOfTheirPath() {
        let policy = CallerPolicy.page("file:///tmp/d%E9/index.html")
        for uri in ["file:///tmp/d%E9/other.html", "file:///tmp/d%e9/other.html", "file:///tmp/d%E9/sub/caf%E8.html"] {
            XCTAssertTrue(policy.allows(uri), uri)
        }
        for uri in ["file:///tmp/d%E8/index.html", "file:///tmp/d%25E9/index.html", "file:///tmp/d%C3%A9/index.html",
                    "file:///tmp/d%E9/../secret.html", "file:///tmp/d%E9/x%zz.html"] {
            XCTAssertFalse(policy.allows(uri), uri)
        }
    }
}
