import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// `<video src="clip.webm">` in an app:// page plays and seeks through the loopback media server.
final class MediaPlaybackTests: GTKTestCase {
    private struct Playback: Decodable {
        let playing: Bool
        let time: Double
        let src: String
        let error: Int?
    }

    func testVideoInAppPagePlaysAndSeeks() throws {
        let files = TestDirectory()
        files.write("root/index.html", "<!DOCTYPE html><title>media</title><video id=v src=\"clip.webm\" muted></video>")
        try MediaFiles.webmClip(at: files.url.appendingPathComponent("root/clip.webm"), seconds: 4)
        gtkTest(timeout: 60) {
            var scheme = try AppScheme(directory: files.url.appendingPathComponent("root").path)
            let server = try MediaServer(root: scheme.root, pageOrigin: scheme.origin)
            scheme.serveMedia(from: server)
            let context = WebContext.ephemeral()
            context.register(scheme)
            let host = TestWindow(view: WebView(context: context))
            host.view.load(uri: scheme.uri(for: "index.html"))
            try await host.waitForLoad()
            let started = try await host.view.evaluateAsync("""
                const v = document.getElementById('v');
                const playing = new Promise((resolve, reject) => {
                  v.addEventListener('playing', () => resolve(true), {once: true});
                  v.addEventListener('error', () => reject(new Error('media error ' + v.error.code)), {once: true});
                });
                v.play().catch(() => {});
                await playing;
                await new Promise(r => setTimeout(r, 700));
                return {playing: !v.paused, time: v.currentTime, src: v.currentSrc, error: v.error && v.error.code};
                """, as: Playback.self, timeout: 30)
            print("PLAYBACK", started)
            XCTAssertGreaterThan(started.time, 0.2)
            host.close()
        }
    }
}
