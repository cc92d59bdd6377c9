import Foundation
import LoopbackMedia
import TestHelpers
import WebKitGTK
import XCTest

/// The loopback media server as a page of another origin meets it in a real web view: it can
/// neither read the app's media nor play it.
final class MediaServerPageTests: GTKTestCase {
    func testAPageOfAnotherOriginCannotReadTheMedia() throws {
        let files = TestDirectory()
        files.write("root/media/clip.webm", "CLIP")
        try MediaFiles.webmClip(at: files.url.appendingPathComponent("root/media/playable.webm"), seconds: 1)
        gtkTest {
            let root = try ResourceRoot(path: files.url.appendingPathComponent("root").path)
            let server = try MediaServer(root: root, pageOrigin: Origin(scheme: "app", host: "localhost", port: nil))
            let web = try LoopbackServer()
            web.page("/", "<title>other</title>")
            let host = TestWindow()
            host.view.load(uri: web.url("/"))
            try await host.waitForLoad()
            let clip = server.baseURI + "media/clip.webm"
            let cors = try await host.view.evaluateAsync("""
                try { const r = await fetch('\(clip)'); return 'read ' + (await r.arrayBuffer()).byteLength; }
                catch (e) { return 'failed'; }
                """, as: String.self)
            XCTAssertEqual(cors, "failed")
            let opaque = try await host.view.evaluateAsync("""
                const r = await fetch('\(clip)', {mode: 'no-cors'});
                return r.type + ' ' + (await r.arrayBuffer()).byteLength;
                """, as: String.self)
            XCTAssertEqual(opaque, "opaque 0")
            let played = try await host.view.evaluateAsync("""
                const video = document.createElement('video');
                const outcome = new Promise(resolve => {
                  video.addEventListener('loadedmetadata', () => resolve('loaded'), {once: true});
                  video.addEventListener('error', () => resolve('error'), {once: true});
                });
                video.src = '\(server.baseURI)media/playable.webm';
                return await outcome;
                """, as: String.self)
            XCTAssertEqual(played, "error", "its Referer names another origin: 403")
            host.close()
            server.stop()
        }
    }
}
