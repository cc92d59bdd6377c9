import Foundation
import LoopTestHelpers
import WebPolicy
import XCTest

/// The path checks of the app scheme, without a display.
final class ResourcePathTests: XCTestCase {
    func testHostilePathsAreRefused() {
        let hostile = [
            "/../secret.txt", "/a/../../secret.txt", "/..", "/./index.html", "/a/./b",
            "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/%2e./secret.txt", "/.%2e/secret.txt",
            "/a%2f..%2f..%2fsecret.txt", "/a%2F..%2Fsecret.txt",
            "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/a%255c..%255csecret.txt",
            "/..\\secret.txt", "/a\\..\\..\\secret.txt", "/%5c..%5csecret.txt",
            "/index.html%00.png", "/index.html\u{0}", "/%00", "/a%0a", "/a\u{7f}",
            "/%", "/%2", "/%zz", "/%c3%28",
        ]
        for path in hostile {
            XCTAssertNil(ResourcePath(requestPath: path), "accepted \(path)")
        }
    }

    func testOrdinaryPathsAreDecodedOnce() {
        let table: [(String, String)] = [
            ("/", ""), ("", ""), ("/index.html", "index.html"), ("//etc/passwd", "etc/passwd"),
            ("/css/site.css", "css/site.css"), ("/a%20b.txt", "a b.txt"), ("/caf%C3%A9.txt", "café.txt"),
            ("/a//b/", "a/b"), ("/..a/b..", "..a/b.."), ("/file.tar.gz", "file.tar.gz"),
        ]
        for (path, expected) in table {
            XCTAssertEqual(ResourcePath(requestPath: path)?.relativePath, expected, path)
        }
    }

    func testRootServesOnlyRegularFilesInside() throws {
        let files = TestDirectory()
        files.write("root/index.html", "home")
        files.write("root/sub/index.html", "sub")
        files.write("root/sub/page.txt", "page")
        files.write("secret.txt", "secret")
        let root = files.url.appendingPathComponent("root").path
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root + "/out.txt", withDestinationPath: files.url.path + "/secret.txt")
        try manager.createSymbolicLink(atPath: root + "/outdir", withDestinationPath: files.url.path)
        try manager.createSymbolicLink(atPath: root + "/in.txt", withDestinationPath: root + "/sub/page.txt")
        let served = try ResourceRoot(path: root)
        func file(_ path: String) -> String? { ResourcePath(requestPath: path).flatMap(served.file(for:)) }
        XCTAssertEqual(file("/").map { try! String(contentsOfFile: $0, encoding: .utf8) }, "home")
        XCTAssertEqual(file("/sub").map { try! String(contentsOfFile: $0, encoding: .utf8) }, "sub")
        XCTAssertEqual(file("/in.txt").map { try! String(contentsOfFile: $0, encoding: .utf8) }, "page")
        XCTAssertNil(file("/out.txt"), "symlink to a file outside")
        XCTAssertNil(file("/outdir/secret.txt"), "symlink to a directory outside")
        XCTAssertNil(file("/missing.html"))
        XCTAssertNil(file("/secret.txt"))
        XCTAssertThrowsError(try ResourceRoot(path: files.url.path + "/nope"))
    }

    func testMIMETypes() {
        let table = [
            "a.html": "text/html", "a.HTM": "text/html", "a.css": "text/css", "a.js": "text/javascript",
            "a.mjs": "text/javascript", "a.json": "application/json", "a.svg": "image/svg+xml",
            "a.png": "image/png", "a.jpg": "image/jpeg", "a.jpeg": "image/jpeg", "a.gif": "image/gif",
            "a.webp": "image/webp", "a.ico": "image/x-icon", "a.woff": "font/woff", "a.woff2": "font/woff2",
            "a.wasm": "application/wasm", "a.mp3": "audio/mpeg", "a.ogg": "audio/ogg", "a.wav": "audio/wav",
            "a.mp4": "video/mp4", "a.webm": "video/webm", "a.txt": "text/plain", "dir.v2/README": "application/octet-stream",
            ".bashrc": "application/octet-stream", "a.unknown": "application/octet-stream",
        ]
        for (path, type) in table {
            XCTAssertEqual(MIMEType.forPath(path), type, path)
        }
    }

    func testRangeHeaders() {
        let length = 1000
        let table: [(String?, ByteRange)] = [
            (nil, .whole), ("bytes=0-499", .partial(first: 0, last: 499)), ("bytes=500-", .partial(first: 500, last: 999)),
            ("bytes=-100", .partial(first: 900, last: 999)), ("bytes=-5000", .partial(first: 0, last: 999)),
            ("bytes=990-2000", .partial(first: 990, last: 999)), ("bytes=1000-", .unsatisfiable),
            ("bytes=5000-6000", .unsatisfiable), ("bytes=-0", .unsatisfiable), ("Bytes = 10-19", .whole),
            ("bytes= 10-19", .partial(first: 10, last: 19)), ("bytes=20-10", .whole), ("bytes=0-1,5-6", .whole),
            ("items=0-1", .whole), ("bytes=abc", .whole), ("bytes=+1-2", .whole), ("bytes=-", .whole),
        ]
        for (header, expected) in table {
            XCTAssertEqual(ByteRange(header: header, length: length), expected, header ?? "nil")
        }
        XCTAssertEqual(ByteRange.partial(first: 0, last: 499).contentRange(length: 1000), "bytes 0-499/1000")
        XCTAssertEqual(ByteRange.unsatisfiable.contentRange(length: 1000), "bytes */1000")
    }
}

/// The host's script written into served HTML: before the page's markup, on its first line.
final class PageScriptTagTests: XCTestCase {
    func testScriptGoesAfterDoctypeOnTheSameLine() {
        func insert(_ html: String) -> String {
            String(decoding: PageScriptTag.insert(script: "run()", into: Array(html.utf8)), as: UTF8.self)
        }
        let tag = "<script>run()</script>"
        XCTAssertEqual(insert("<!DOCTYPE html><video src=a.webm>"), "<!DOCTYPE html>" + tag + "<video src=a.webm>")
        XCTAssertEqual(insert("\n  <!doctype html>\n<p>"), "\n  <!doctype html>" + tag + "\n<p>")
        XCTAssertEqual(insert("<p>"), tag + "<p>")
        XCTAssertEqual(insert("\u{FEFF}<p>"), "\u{FEFF}" + tag + "<p>")
        XCTAssertEqual(insert(""), tag)
    }
}
