import Foundation
import TestHelpers
import GLibCore
import LoopbackMedia
import WebOrigin
import WebPolicy
import XCTest

/// The loopback media server as a hostile local client sees it: only the token's media
/// files, only from 127.0.0.1, ranges. (What a page of another origin can read of it is
/// WebKitGTKTests' `MediaServerPageTests`: it needs a web view.)
final class MediaServerTests: GTKTestCase {
    private static func makeRoot() throws -> TestDirectory {
        let files = TestDirectory()
        files.write("root/index.html", "<title>app</title>")
        files.write("root/app.js", "// script")
        files.write("root/notes.txt", "text")
        files.write("secret.webm", "SECRET MEDIA")
        files.write("root/media/readme.txt", "media folder")
        try Data((0..<4096).map { UInt8($0 % 251) }).write(to: files.url.appendingPathComponent("root/media/clip.webm"))
        let root = files.url.appendingPathComponent("root").path
        try FileManager.default.createSymbolicLink(atPath: root + "/out.webm", withDestinationPath: files.url.path + "/secret.webm")
        return files
    }

    @MainActor
    private static func startServer(_ files: TestDirectory) throws -> MediaServer {
        let root = try ResourceRoot(path: files.url.appendingPathComponent("root").path)
        return try MediaServer(root: root, pageOrigin: Origin(scheme: "app", host: "localhost", port: nil))
    }

    func testServesMediaWithRangesAndRefusesBadRanges() throws {
        let files = try Self.makeRoot()
        gtkTest {
            let server = try Self.startServer(files)
            let clip = server.uri(for: ResourcePath(requestPath: "media/clip.webm")!)
            XCTAssertTrue(clip.hasPrefix(server.baseURI))
            let whole = try await CurlRequest(clip).send()
            XCTAssertEqual(whole.status, 200)
            XCTAssertEqual(whole.bodyLength, 4096)
            XCTAssertEqual(whole.headers["content-type"], "video/webm")
            XCTAssertEqual(whole.headers["accept-ranges"], "bytes")
            XCTAssertEqual(whole.headers["x-content-type-options"], "nosniff")
            XCTAssertNil(whole.headers["access-control-allow-origin"], "no CORS: other origins must not read the bytes")
            let part = try await CurlRequest(clip, headers: ["Range": "bytes=100-199"]).send()
            XCTAssertEqual(part.status, 206)
            XCTAssertEqual(part.bodyLength, 100)
            XCTAssertEqual(part.headers["content-range"], "bytes 100-199/4096")
            let tail = try await CurlRequest(clip, headers: ["Range": "bytes=4000-"]).send()
            XCTAssertEqual(tail.status, 206)
            XCTAssertEqual(tail.bodyLength, 96)
            let beyond = try await CurlRequest(clip, headers: ["Range": "bytes=5000-"]).send()
            XCTAssertEqual(beyond.status, 416)
            XCTAssertEqual(beyond.headers["content-range"], "bytes */4096")
            let head = try await CurlRequest(clip, method: "HEAD").send()
            XCTAssertEqual(head.status, 200)
            XCTAssertEqual(head.headers["content-length"], "4096")
            XCTAssertEqual(head.bodyLength, 0)
            let post = try await CurlRequest(clip, method: "POST").send()
            XCTAssertEqual(post.status, 405)
            server.stop()
        }
    }

    func testRefusesEverythingButTheTokensMediaFiles() throws {
        let files = try Self.makeRoot()
        gtkTest {
            let server = try Self.startServer(files)
            let token = server.baseURI
            let refused = [
                server.origin + "/media/clip.webm",                               // no token
                server.origin + "/00000000000000000000000000000000/media/clip.webm", // wrong token
                server.origin + "/",
                token + "../secret.webm", token + "%2e%2e/secret.webm", token + "media/%2e%2e/%2e%2e/secret.webm",
                token + "%252e%252e/secret.webm", token + "media%2f..%2f..%2fsecret.webm", token + "..%5csecret.webm",
                token + "out.webm",                                                // symlink out of the root
                token + "index.html", token + "app.js", token + "notes.txt", token, token + "media/", // not media
                token + "media/missing.webm",
            ]
            for url in refused {
                let answer = try await CurlRequest(url).send()
                // libsoup itself answers 400 to some encodings of `..` before the server sees them.
                XCTAssertTrue([400, 404].contains(answer.status), "\(url): \(answer.status)")
                XCTAssertFalse(answer.text.contains("SECRET"), url)
            }
            server.stop()
        }
    }

    func testRefusesOtherOriginsAndHosts() throws {
        let files = try Self.makeRoot()
        gtkTest {
            let server = try Self.startServer(files)
            let clip = server.baseURI + "media/clip.webm"
            let fromApp = try await CurlRequest(clip, headers: ["Origin": "app://localhost", "Referer": "app://localhost/media.html"]).send()
            XCTAssertEqual(fromApp.status, 200)
            XCTAssertEqual(fromApp.headers["access-control-allow-origin"], "app://localhost")
            for headers in [["Origin": "http://127.0.0.1:8080"], ["Referer": "https://evil.example/page"],
                            ["Host": "evil.example"], ["Host": "localhost:\(server.port)"]] {
                let answer = try await CurlRequest(clip, headers: headers).send()
                XCTAssertEqual(answer.status, 403, "\(headers)")
            }
            server.stop()
        }
    }

    func testListensOnLoopbackAddressOnly() throws {
        let files = try Self.makeRoot()
        gtkTest {
            let server = try Self.startServer(files)
            let path = "/\(server.baseURI.split(separator: "/").last!)/media/clip.webm"
            let loopback = try await CurlRequest("http://127.0.0.1:\(server.port)\(path)").send()
            XCTAssertEqual(loopback.status, 200)
            for host in ["127.0.0.2", "[::1]"] {
                let answer = try await CurlRequest("http://\(host):\(server.port)\(path)",
                                                   headers: ["Host": "127.0.0.1:\(server.port)"]).send()
                XCTAssertEqual(answer.status, 0, "\(host) must not reach the server")
            }
            server.stop()
        }
    }

    func testStreamsALargeFileWithoutHoldingIt() throws {
        let files = try Self.makeRoot()
        let size = try MediaFiles.silentWAV(at: files.url.appendingPathComponent("root/large.wav"), seconds: 1100)
        XCTAssertGreaterThan(size, 200 << 20)
        gtkTest(timeout: 120) {
            let server = try Self.startServer(files)
            var answer: CurlRequest.Answer?
            let growth = try await ResidentMemory.peakGrowth {
                answer = try await CurlRequest(server.baseURI + "large.wav").send()
            }
            guard let answer else { return XCTFail("no answer") }
            XCTAssertEqual(answer.status, 200)
            XCTAssertEqual(answer.bodyLength, size)
            XCTAssertLessThan(growth, size / 8, "the host held \(growth >> 20) MiB while serving a \(size >> 20) MiB file")
            server.stop()
        }
    }

    /// The request handler's closure is handed to libsoup with a destroy-notify: stopping the
    /// server (or dropping it) releases it, leaving no closure behind.
    func testStoppingOrDroppingTheServerReleasesItsHandler() throws {
        let files = try Self.makeRoot()
        gtkTest {
            let baseline = SignalConnection.liveClosureCount
            let server = try Self.startServer(files)
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline + 1)
            server.stop()
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
            var dropped: MediaServer? = try Self.startServer(files)
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline + 1)
            XCTAssertNotNil(dropped)
            dropped = nil
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
        }
    }
}
