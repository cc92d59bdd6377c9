import WebOrigin
import XCTest

/// A page's scope — its origin, or a `file:` page's directory — as every security decision
/// reads it; file paths compared as the bytes they name.
final class PageScopeTests: XCTestCase {
    func testAWebPageIsScopedByItsOriginAsWebKitNormalisesIt() {
        let table: [(String, String?)] = [
            ("http://127.0.0.1:8080/a/b.html?q#f", "http://127.0.0.1:8080/"), ("HTTP://Example.COM", "http://example.com/"),
            ("http://example.com:80/x", "http://example.com/"), ("https://example.com:443/", "https://example.com/"),
            ("https://example.com:80/", "https://example.com:80/"), ("ws://h:80/", "ws://h/"),
            ("https://user:pw@example.com:8443/", "https://example.com:8443/"), ("app://localhost/index.html", "app://localhost/"),
            ("blob:https://example.com/uuid", "https://example.com/"), ("http://[::1]:9000/", "http://[::1]:9000/"),
        ]
        for (uri, prefix) in table {
            XCTAssertEqual(PageScope(pageURI: uri)?.uriPrefix, prefix, uri)
        }
        let scope = PageScope.origin(Origin(scheme: "http", host: "example.com"))
        for uri in ["http://example.com", "http://example.com/", "http://EXAMPLE.com:80/a", "http://u@example.com/",
                    "blob:http://example.com/1"] {
            XCTAssertTrue(scope.contains(uri), uri)
        }
        for uri in ["https://example.com/", "http://example.com:8080/", "http://example.com.evil/", "http://evil/?http://example.com/",
                    "file:///example.com/", "about:blank"] {
            XCTAssertFalse(scope.contains(uri), uri)
        }
    }

    func testAPageWithoutAHierarchicalOriginHasNoScope() {
        for uri in ["about:blank", "about:srcdoc", "data:text/html,hi", "javascript:alert(1)", "mailto:a@b.c",
                    "blob:blob:http://x/", "http://example.com:99999/", "http:///x", "no-scheme", ""] {
            XCTAssertNil(PageScope(pageURI: uri), uri)
        }
    }

    func testTheFileOriginHoldsNoPage() {
        XCTAssertFalse(PageScope.origin(Origin(scheme: "file", host: "")).contains("file:///tmp/a.html"),
                       "files go by directory, never by their shared origin")
    }

    func testAFilePageIsScopedByItsDirectory() {
        let table: [(String, String?)] = [
            ("file:///home/me/site/index.html", "file:///home/me/site/"),
            ("file:///home/me/site/index.html?x=1#top", "file:///home/me/site/"),
            ("file:///home/me/site/", "file:///home/me/site/"), ("file:///home/me/site", "file:///home/me/"),
            ("file:///index.html", "file:///"), ("file:/home/me/a.html", "file:///home/me/"),
            ("file://localhost/home/me/a.html", "file:///home/me/"), ("FILE://LocalHost/home/me/a.html", "file:///home/me/"),
            ("file://server/share/a.html", nil), ("file://127.0.0.1/home/a.html", nil), ("file:home/a.html", nil),
            ("file://", nil), ("file://localhost", nil),
        ]
        for (uri, prefix) in table {
            XCTAssertEqual(PageScope(pageURI: uri)?.uriPrefix, prefix, uri)
        }
        let site = PageScope(pageURI: "file:///home/me/site/index.html")!
        for uri in ["file:///home/me/site/", "file:///home/me/site/other.html", "file:///home/me/site/sub/a.html",
                    "file://localhost/home/me/site/a.html", "file:///home/me/site/a.html?q#f"] {
            XCTAssertTrue(site.contains(uri), uri)
        }
        for uri in ["file:///home/me/site", "file:///home/me/site2/a.html", "file:///home/me/a.html",
                    "file://server/home/me/site/a.html", "http://home/me/site/a.html", "about:blank"] {
            XCTAssertFalse(site.contains(uri), uri)
        }
        XCTAssertTrue(PageScope(pageURI: "file:///a.html")!.contains("file:///etc/passwd"), "the root holds every file")
    }

    /// File names are bytes: one name however it is escaped, another byte another name.
    func testFilePathsAreComparedAsBytes() {
        let latin1 = PageScope(pageURI: "file:///tmp/d%E9/index.html")!
        XCTAssertEqual(latin1, PageScope(pageURI: "file:///tmp/d%e9/other.html"), "escapes in either case are one byte")
        XCTAssertEqual(latin1.uriPrefix, "file:///tmp/d%E9/")
        XCTAssertTrue(latin1.contains("file:///tmp/d%e9/sub/caf%E8.html"))
        for uri in ["file:///tmp/d%E8/index.html", "file:///tmp/d%25E9/index.html", "file:///tmp/d%C3%A9/index.html",
                    "file:///tmp/d/index.html", "file:///tmp/d%E9%E9/index.html"] {
            XCTAssertFalse(latin1.contains(uri), uri)
        }

        let utf8 = PageScope(pageURI: "file:///tmp/caf%C3%A9/index.html")!
        XCTAssertEqual(utf8, PageScope(pageURI: "file:///tmp/café/index.html"), "UTF-8 text and its escapes are the same bytes")
        XCTAssertEqual(utf8.uriPrefix, "file:///tmp/caf%C3%A9/")
        XCTAssertEqual(PageScope(pageURI: "file:///tmp/my%20(old)%20site/a.html")?.uriPrefix, "file:///tmp/my%20%28old%29%20site/",
                       "one spelling for every byte outside A-Z a-z 0-9 - . _ ~ /")
        XCTAssertEqual(PageScope(pageURI: "file:///tmp/my (old) site/a.html"), PageScope(pageURI: "file:///tmp/my%20(old)%20site/b.html"))
        XCTAssertEqual(PageScope(pageURI: "file:///tmp/100%25/a.html")?.uriPrefix, "file:///tmp/100%25/")
    }

    func testAPathThatCouldBeReadTwoWaysHasNoScopeAndIsInNone() {
        let site = PageScope(pageURI: "file:///tmp/site/index.html")!
        for uri in ["file:///tmp/site/../secret.html", "file:///tmp/site/..%2Fsecret.html", "file:///tmp/site/%2e%2e/secret.html",
                    "file:///tmp/site/./a.html", "file:///tmp/site/.%2E/x/a.html", "file:///tmp/site/a%00.html",
                    "file:///tmp/site/a%zz.html", "file:///tmp/site/a%E.html", "file:///tmp/site/..", "file:///tmp/site/sub/.."] {
            XCTAssertNil(PageScope(pageURI: uri), uri)
            XCTAssertFalse(site.contains(uri), uri)
        }
        XCTAssertTrue(site.contains("file:///tmp/site/..a/b.html"), "a name that starts with dots is a name")
        XCTAssertTrue(site.contains("file:///tmp/site/a%2Fb.html"), "an escaped slash is a slash to the file system")
    }

    func testTrailingSlashesAndEmptySegmentsAreBytesToo() {
        XCTAssertEqual(PageScope(pageURI: "file:///tmp/site//a.html")?.uriPrefix, "file:///tmp/site//")
        XCTAssertFalse(PageScope(pageURI: "file:///tmp/site/a.html")!.contains("file:///tmp//site/a.html"),
                       "another spelling of the path is refused, never widened")
        let origin = PageScope(pageURI: "app://localhost")!
        XCTAssertEqual(origin, PageScope(pageURI: "app://localhost/"))
        XCTAssertTrue(origin.contains("app://localhost"))
    }
}

/// The path of a `file:` URI as bytes, and the forms it is shown and written in.
final class LocalFilePathTests: XCTestCase {
    func testTheBytesAndTheirForms() throws {
        let latin1 = try XCTUnwrap(LocalFilePath(fileURI: "file:///tmp/caf%e9.html"))
        XCTAssertEqual(latin1.bytes, Array("/tmp/caf".utf8) + [0xE9] + Array(".html".utf8))
        XCTAssertNil(latin1.text)
        XCTAssertEqual(latin1.description, "/tmp/caf%E9.html")
        XCTAssertEqual(latin1.uri, "file:///tmp/caf%E9.html")
        XCTAssertEqual(latin1.directory.uri, "file:///tmp/")

        let utf8 = try XCTUnwrap(LocalFilePath(fileURI: "file:///tmp/caf%C3%A9.html"))
        XCTAssertEqual(utf8.text, "/tmp/café.html")
        XCTAssertEqual(utf8.description, "/tmp/café.html")
        XCTAssertEqual(try XCTUnwrap(LocalFilePath(fileURI: "file:///tmp/100%25.html")).description, "/tmp/100%25.html",
                       "a literal % is shown escaped, so the text form and the escaped form never meet")
        XCTAssertNil(LocalFilePath(fileURI: "http://example.com/a.html"))
    }

    func testADirectoryHoldsWhatStartsWithItsBytes() throws {
        let site = try XCTUnwrap(LocalFilePath(fileURI: "file:///tmp/site"))
        XCTAssertTrue(site.contains(try XCTUnwrap(LocalFilePath(fileURI: "file:///tmp/site/a.html"))), "read as a directory")
        XCTAssertFalse(site.contains(try XCTUnwrap(LocalFilePath(fileURI: "file:///tmp/site2/a.html"))))
        XCTAssertFalse(site.contains(site), "the directory /tmp/site/ does not hold the file /tmp/site")
    }
}
