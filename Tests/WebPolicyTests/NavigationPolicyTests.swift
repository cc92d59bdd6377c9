import WebOrigin
import WebPolicy
import XCTest

/// The navigation rules and origin parsing, without a display.
final class NavigationPolicyTests: XCTestCase {
    func testOriginParsing() {
        let table: [(String, String?)] = [
            ("http://127.0.0.1:8080/a?b#c", "http://127.0.0.1:8080"), ("HTTP://Example.COM/", "http://example.com"),
            ("https://example.com:443/x", "https://example.com"), ("http://example.com:80", "http://example.com"),
            ("https://user:pw@example.com:8443/", "https://example.com:8443"), ("app://localhost/index.html", "app://localhost"),
            ("blob:https://example.com/uuid", "https://example.com"), ("file:///tmp/a.html", "file://"),
            ("http://[::1]:9000/", "http://[::1]:9000"), ("mailto:a@b.c", nil), ("about:blank", nil),
            ("data:text/html,hi", nil), ("http://example.com:99999/", nil), ("http://:80/", nil), ("no-scheme", nil),
            ("http://evil.com@example.com/", "http://example.com"), ("blob:blob:http://x/", nil),
        ]
        for (uri, expected) in table {
            XCTAssertEqual(Origin(uri: uri)?.description, expected, uri)
        }
    }

    private var policy: NavigationPolicy {
        var policy = NavigationPolicy(allowing: [.origin(Origin(scheme: "app", host: "localhost"))])
        policy.allow(uri: "http://127.0.0.1:8000/start.html")
        policy.allow(uri: "file:///home/me/site/index.html")
        return policy
    }

    func testDecisions() {
        let app = "app://localhost/index.html", web = "http://127.0.0.1:8000/start.html"
        let table: [(String, String?, Navigation.Kind, NavigationDecision)] = [
            ("app://localhost/other.html", app, .userAction, .allow),
            ("http://127.0.0.1:8000/next", app, .userAction, .allow),
            ("http://127.0.0.1:8000/next", web, .mainFrameResponse, .allow),
            ("http://127.0.0.1:9000/", web, .userAction, .openExternally),
            ("https://example.com/", app, .userAction, .openExternally),
            ("https://example.com/", app, .newWindow, .openExternally),
            ("https://example.com/", app, .mainFrameResponse, .openExternally),
            ("https://example.com/", app, .other, .allow),  // maybe an iframe: checked again at the response
            ("http://127.0.0.1:8000/popup", web, .newWindow, .loadInView),
            ("app://localhost/x.html", app, .newWindow, .loadInView),
            ("app://evil/x.html", app, .userAction, .refuse),
            ("mailto:someone@example.com", app, .userAction, .openExternally),
            ("tel:+15551234", web, .other, .openExternally),
            ("file:///etc/passwd", web, .userAction, .refuse),
            ("file:///home/me/site/page.html", web, .other, .refuse),
            ("file:///home/me/site/page.html", "file:///home/me/site/index.html", .userAction, .allow),
            ("file:///home/me/site/page.html", nil, .other, .allow),
            ("file:///home/me/other/page.html", "file:///home/me/site/index.html", .userAction, .refuse),
            ("file:///home/me/site/../other/x.html", "file:///home/me/site/index.html", .userAction, .refuse),
            ("file:///home/me/sitex/x.html", "file:///home/me/site/index.html", .userAction, .refuse),
            ("about:blank", app, .other, .allow), ("about:blank", app, .newWindow, .refuse),
            ("about:blank", nil, .mainFrameResponse, .allow), ("data:text/html,hi", app, .other, .allow),
            ("data:text/html,hi", app, .userAction, .download), ("data:text/html,hi", app, .newWindow, .refuse),
            ("data:text/html,hi", app, .mainFrameResponse, .refuse), ("javascript:alert(1)", app, .userAction, .refuse),
            ("ftp://example.com/", app, .userAction, .refuse), ("zoommtg://x", app, .other, .refuse),
            ("blob:https://example.com/uuid", app, .userAction, .download),
            ("blob:app://localhost/uuid", app, .userAction, .download), ("blob:app://localhost/uuid", app, .newWindow, .refuse),
            ("blob:app://localhost/uuid", app, .other, .allow), ("garbage", app, .userAction, .refuse),
        ]
        for (target, source, kind, expected) in table {
            let navigation = Navigation(target: target, source: source, kind: kind, initiator: .pageGesture)
            XCTAssertEqual(policy.decide(navigation), expected, "\(target) from \(source ?? "app") as \(kind)")
        }
    }

    /// Leaving the app, and opening app or file pages in a new window, take a gesture in
    /// the page's own origin; the same navigations from anyone else are refused, with the reason.
    func testWhoAskedDecidesHandOffsAndNewWindows() {
        let app = "app://localhost/index.html", web = "http://127.0.0.1:8000/start.html"
        let site = "file:///home/me/site/index.html"
        let noGesture = NavigationInitiator(isUserGesture: false, frame: .pageOrigin)
        let otherFrame = NavigationInitiator(isUserGesture: true, frame: .otherOrigin)
        let unknownFrame = NavigationInitiator(isUserGesture: true, frame: .unknown)
        let table: [(String, String?, Navigation.Kind, NavigationInitiator, NavigationDecision, NavigationRefusal?)] = [
            ("mailto:a@example.com", web, .userAction, .pageGesture, .openExternally, nil),
            ("mailto:a@example.com", web, .other, noGesture, .refuse, .noUserGesture),
            ("mailto:a@example.com", web, .userAction, otherFrame, .refuse, .otherOriginFrame),
            ("tel:+15551234", app, .other, unknownFrame, .refuse, .unknownFrame),
            ("https://example.com/", web, .userAction, otherFrame, .refuse, .otherOriginFrame),
            ("https://example.com/", web, .newWindow, noGesture, .refuse, .noUserGesture),
            ("https://example.com/", nil, .mainFrameResponse, .unknown, .refuse, .noUserGesture),
            ("https://example.com/", nil, .mainFrameResponse, .pageGesture, .openExternally, nil),
            ("https://example.com/", web, .other, noGesture, .allow, nil),  // maybe a frame: judged at the response
            ("app://localhost/x.html", web, .newWindow, .pageGesture, .refuse, .notTheApp),
            ("app://localhost/x.html", app, .newWindow, otherFrame, .refuse, .otherOriginFrame),
            ("app://localhost/x.html", app, .newWindow, noGesture, .refuse, .noUserGesture),
            ("app://localhost/x.html", app, .newWindow, .pageGesture, .loadInView, nil),
            ("file:///home/me/site/b.html", site, .newWindow, unknownFrame, .refuse, .unknownFrame),
            ("file:///home/me/site/b.html", site, .newWindow, .pageGesture, .loadInView, nil),
            ("app://localhost/x.html", web, .userAction, .pageGesture, .refuse, nil),
            ("app://localhost/x.html", web, .redirect, .pageGesture, .refuse, nil),
            ("app://localhost/x.html", app, .redirect, .pageGesture, .refuse, nil),
            ("app://localhost/x.html", nil, .other, .unknown, .allow, nil),
            ("http://127.0.0.1:8000/next", web, .newWindow, noGesture, .loadInView, nil),
            ("http://127.0.0.1:8000/next", web, .redirect, .unknown, .allow, nil),
        ]
        for (target, source, kind, initiator, expected, reason) in table {
            let navigation = Navigation(target: target, source: source, kind: kind, initiator: initiator)
            XCTAssertEqual(policy.decide(navigation), expected, "\(target) from \(source ?? "app") as \(kind), \(initiator)")
            XCTAssertEqual(policy.refusal(of: navigation), reason, "\(target) from \(source ?? "app") as \(kind), \(initiator)")
        }
    }

    func testFramesCanBeLimitedToAllowedOrigins() {
        var strict = policy
        strict.allowsOtherOriginsInFrames = false
        XCTAssertEqual(strict.decide(Navigation(target: "https://example.com/", source: "app://localhost/", kind: .other)),
                       .refuse)
        XCTAssertEqual(strict.decide(Navigation(target: "https://example.com/", source: "app://localhost/", kind: .userAction,
                                                initiator: .pageGesture)),
                       .openExternally)
    }
}

/// File names are bytes: a page whose name is not UTF-8 (`caf\xE9.html`, Latin-1) opens like
/// any other (issue 9, item 16), and its bytes never match a directory that differs in them.
final class FileNameBytesPolicyTests: XCTestCase {
    func testAFileWhoseNameIsNotUTF8IsAllowedInItsDirectory() {
        var policy = NavigationPolicy()
        policy.allow(uri: "file:///tmp/site/caf%E9.html")
        XCTAssertTrue(policy.allowsInWindow("file:///tmp/site/caf%E9.html"))
        XCTAssertTrue(policy.allowsInWindow("file:///tmp/site/caf%E9.html?query=1"))
        XCTAssertTrue(policy.allowsInWindow("file:///tmp/site/other.html"))
        XCTAssertFalse(policy.allowsInWindow("file:///tmp/other/caf%E9.html"))
    }

    func testADirectoryWhoseNameIsNotUTF8AllowsOnlyItself() {
        var policy = NavigationPolicy()
        policy.allow(uri: "file:///tmp/d%E9/index.html")
        XCTAssertTrue(policy.allowsInWindow("file:///tmp/d%E9/index.html"))
        XCTAssertTrue(policy.allowsInWindow("file:///tmp/d%E9/sub/caf%E8.html"))
        XCTAssertFalse(policy.allowsInWindow("file:///tmp/d%E8/index.html"), "another byte is another directory")
        XCTAssertFalse(policy.allowsInWindow("file:///tmp/d%25E9/index.html"), "a literal percent sign is not the byte")
        XCTAssertFalse(policy.allowsInWindow("file:///tmp/d%E9/../secret.html"))
    }
}
