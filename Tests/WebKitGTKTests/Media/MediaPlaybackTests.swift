import Foundation
import TestHelpers
import LoopbackMedia
import WebKitGTK
import XCTest

/// Media elements of app:// pages, written as for any web server (`<video src="clip.webm">`),
/// play and seek through the loopback `MediaServer`.
final class MediaPlaybackTests: GTKTestCase {
    private struct Playback: Decodable {
        let before: Double
        let after: Double
        let seekedTo: Double
        let src: String
    }

    /// Plays `#media`, waits for `playing`, lets it run, seeks to `target`, waits for `seeked`
    /// and lets it run again; reports the times.
    private static func playAndSeek(target: Double) -> String {
        """
        const media = document.getElementById('media');
        const next = (name) => new Promise((resolve, reject) => {
          media.addEventListener(name, resolve, {once: true});
          media.addEventListener('error', () => reject(new Error('media error ' + media.error.code)), {once: true});
        });
        const pause = (ms) => new Promise(resolve => setTimeout(resolve, ms));
        const playing = next('playing');
        media.play().catch(() => {});
        await playing;
        await pause(800);
        const before = media.currentTime;
        const seeked = next('seeked');
        media.currentTime = \(target);
        await seeked;
        const seekedTo = media.currentTime;
        await pause(800);
        return {before, after: media.currentTime, seekedTo, src: media.currentSrc};
        """
    }

    /// `loaded(media)`: a promise of the element's `currentSrc` once it has its first frame
    /// (or of `error N`).
    private static let loaded = """
        const loaded = (media) => new Promise((resolve) => {
          if (media.readyState >= 2) return resolve(media.currentSrc);
          media.addEventListener('loadeddata', () => resolve(media.currentSrc), {once: true});
          media.addEventListener('error', () => resolve('error ' + media.error.code), {once: true});
        });
        """

    @MainActor
    private static func openApp(_ files: TestDirectory, page: String = "index.html") async throws -> (TestWindow, MediaServer) {
        var scheme = try AppScheme(directory: files.url.appendingPathComponent("root").path)
        try scheme.serveMediaFromLoopback()
        let server = try XCTUnwrap(scheme.mediaServer)
        let context = WebContext.ephemeral()
        context.register(scheme)
        let host = TestWindow(view: WebView(context: context))
        host.view.load(uri: scheme.uri(for: page))
        try await host.waitForLoad()
        return (host, server)
    }

    func testVideoPlaysAndSeeks() throws {
        let files = TestDirectory()
        files.write("root/index.html", """
            <!DOCTYPE html><title>media</title><video id="media" src="clips/clip.webm" muted></video>
            <script>window.inlineScriptRan = true;</script>
            """)
        try MediaFiles.webmClip(at: files.url.appendingPathComponent("root/clips/clip.webm"), seconds: 6)
        gtkTest(timeout: 60) {
            let (host, server) = try await Self.openApp(files)
            let result = try await host.view.evaluateAsync(Self.playAndSeek(target: 4), as: Playback.self, timeout: 30)
            XCTAssertEqual(result.src, server.baseURI + "clips/clip.webm")
            XCTAssertGreaterThan(result.before, 0.3, "currentTime advances")
            XCTAssertEqual(result.seekedTo, 4, accuracy: 0.5, "the seek lands")
            XCTAssertGreaterThan(result.after, result.seekedTo, "playing goes on after the seek")
            // Both hashes in the policy: the media script's and the file's own inline script's.
            let inlineRan = try await host.view.evaluateJavaScript("window.inlineScriptRan === true")
            XCTAssertEqual(inlineRan, .bool(true), "the page's own inline script runs beside the media script")
            host.close()
        }
    }

    func testEveryWayOfNamingTheSourceLoads() throws {
        let files = TestDirectory()
        files.write("root/index.html", """
            <!DOCTYPE html><title>media</title>
            <video id="parsed-source" muted><source src="/clip.webm#t=1" type="video/webm"></video>
            """)
        try MediaFiles.webmClip(at: files.url.appendingPathComponent("root/clip.webm"), seconds: 2)
        gtkTest(timeout: 60) {
            let (host, server) = try await Self.openApp(files)
            let sources = try await host.view.evaluateAsync("""
                \(Self.loaded)
                const property = document.createElement('video'); property.src = 'clip.webm';
                const attribute = document.createElement('video'); attribute.setAttribute('SRC', './clip.webm?x=1');
                const holder = document.createElement('div'); document.body.append(holder);
                holder.innerHTML = '<audio src="app://localhost/clip.webm"></audio>';
                const audio = new Audio('clip.webm');
                const other = document.createElement('video'); other.src = 'http://127.0.0.1:9/other.webm';
                return [await loaded(document.getElementById('parsed-source')), await loaded(property),
                        await loaded(attribute), await loaded(holder.firstChild), await loaded(audio), other.src];
                """, as: [String].self, timeout: 30)
            let clip = server.baseURI + "clip.webm"
            XCTAssertEqual(sources, [clip + "#t=1", clip, clip + "?x=1", clip, clip, "http://127.0.0.1:9/other.webm"])
            host.close()
        }
    }

    func testCrossOriginModeAndSameOriginFramesLoadToo() throws {
        let files = TestDirectory()
        files.write("root/index.html", """
            <!DOCTYPE html><title>media</title><video id="cors" crossorigin="anonymous" src="clip.webm" muted></video>
            <iframe id="frame" src="frame.html"></iframe>
            """)
        files.write("root/frame.html", "<!DOCTYPE html><title>frame</title><video id=\"inner\" src=\"clip.webm\" muted></video>")
        try MediaFiles.webmClip(at: files.url.appendingPathComponent("root/clip.webm"), seconds: 2)
        gtkTest(timeout: 60) {
            let (host, server) = try await Self.openApp(files)
            let sources = try await host.view.evaluateAsync("""
                \(Self.loaded)
                const cors = document.getElementById('cors');
                const source = await loaded(cors);
                const canvas = document.createElement('canvas');
                canvas.getContext('2d').drawImage(cors, 0, 0);
                canvas.getContext('2d').getImageData(0, 0, 1, 1);   // throws if the frame were tainted
                const frame = document.getElementById('frame');
                if (frame.contentDocument.readyState !== 'complete') await new Promise(r => frame.addEventListener('load', r, {once: true}));
                return [source, await loaded(frame.contentDocument.getElementById('inner'))];
                """, as: [String].self, timeout: 30)
            XCTAssertEqual(sources, [server.baseURI + "clip.webm", server.baseURI + "clip.webm"])
            host.close()
        }
    }

    func testLargeFilePlaysAndSeeksWhileHostMemoryStaysSmall() throws {
        let files = TestDirectory()
        files.write("root/index.html", "<!DOCTYPE html><title>large</title><audio id=\"media\" src=\"large.wav\"></audio>")
        let size = try MediaFiles.silentWAV(at: files.url.appendingPathComponent("root/large.wav"), seconds: 1100)
        XCTAssertGreaterThan(size, 200 << 20)
        gtkTest(timeout: 90) {
            let (host, server) = try await Self.openApp(files)
            var played: Playback?
            // WebKit's player reads ahead in bursts, each on a range request it drops once it
            // has buffered enough, so between bursts no response is open: count the most at once.
            var mostInProgress = 0
            let sampler = Task { @MainActor in
                while !Task.isCancelled {
                    mostInProgress = max(mostInProgress, server.responsesInProgress)
                    try? await Task.sleep(nanoseconds: 2_000_000)
                }
            }
            let growth = try await ResidentMemory.peakGrowth {
                played = try await host.view.evaluateAsync(Self.playAndSeek(target: 1000), as: Playback.self, timeout: 60)
            }
            sampler.cancel()
            guard let result = played else { return XCTFail("no result") }
            XCTAssertGreaterThan(result.before, 0.3, "currentTime advances")
            XCTAssertEqual(result.seekedTo, 1000, accuracy: 1, "the seek lands near the end of the file")
            XCTAssertGreaterThan(result.after, result.seekedTo)
            XCTAssertGreaterThan(mostInProgress, 0, "the player read through the server while memory was measured")
            XCTAssertLessThan(growth, size / 4, "the host grew by \(growth >> 20) MiB for a \(size >> 20) MiB file")
            host.close()
            try await waitUntil(timeout: 20, "no response outlives its web view") { server.responsesInProgress == 0 }
        }
    }
}
