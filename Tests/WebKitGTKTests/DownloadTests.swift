import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// Answers like a user would, after a turn of the loop, and remembers what it was asked.
@MainActor
final class ScriptedChooser: DownloadDestinationChooser {
    let answer: URL?
    private(set) var suggestedFilenames: [String] = []

    init(answer: URL?) { self.answer = answer }

    func destination(for download: Download, suggestedFilename: String) async -> URL? {
        suggestedFilenames.append(suggestedFilename)
        await Task.yield()
        return answer
    }
}

final class DownloadTests: GTKTestCase {
    func testDownloadLandsWhereTheChooserSaysAndReportsProgress() {
        let files = TestDirectory()
        let target = files.url.appendingPathComponent("saved.bin")
        gtkTest {
            let server = try LoopbackHTTPServer()
            let host = TestWindow(view: WebView(context: WebContext.ephemeral()))
            let chooser = ScriptedChooser(answer: target)
            let downloads = Downloads(context: host.view.context, chooser: chooser)
            var events: [DownloadEvent] = []
            var observations: [Observation] = []
            let started = downloads.observe { download in observations.append(download.observe { events.append($0) }) }

            // A link the page follows, answered with an attachment, becomes a download.
            host.view.load(uri: server.url("/file?size=300000"))
            try await waitUntil("download ended") { downloads.all.first?.status != nil && downloads.all.first?.status != .active }

            let download = try XCTUnwrap(downloads.all.first)
            XCTAssertEqual(download.status, .finished(target))
            XCTAssertEqual(chooser.suggestedFilenames, ["data.bin"])
            XCTAssertEqual(events.first, .destinationChosen(target))
            XCTAssertEqual(events.last, .finished(target))
            let progress = events.compactMap { if case .progress(let fraction, let bytes) = $0 { (fraction, bytes) } else { nil } }
            XCTAssertFalse(progress.isEmpty)
            XCTAssertEqual(progress.last?.1, 300_000)
            XCTAssertEqual(download.fractionCompleted, 1, accuracy: 0.001)
            let saved = try Data(contentsOf: target)
            XCTAssertEqual(saved.count, 300_000)
            XCTAssertEqual(saved.prefix(3), Data([0, 1, 2]))
            started.cancel()
            host.close()
        }
    }

    func testBrokenTransferReportsANetworkFailure() {
        let files = TestDirectory()
        gtkTest {
            let server = try LoopbackHTTPServer()
            let host = TestWindow(view: WebView(context: WebContext.ephemeral()))
            let downloads = Downloads(context: host.view.context,
                                      chooser: ScriptedChooser(answer: files.url.appendingPathComponent("broken.bin")))
            let download = downloads.download(uri: server.url("/broken"), from: host.view)
            XCTAssertEqual(downloads.all.count, 1)
            try await waitUntil("download ended") { download.status != .active }
            guard case .failed(.network) = download.status else {
                return XCTFail("expected a network failure, got \(download.status)")
            }
            XCTAssertGreaterThan(download.receivedBytes, 0)
            host.close()
        }
    }

    func testNoDestinationCancels() {
        gtkTest {
            let server = try LoopbackHTTPServer()
            let host = TestWindow(view: WebView(context: WebContext.ephemeral()))
            let downloads = Downloads(context: host.view.context, chooser: ScriptedChooser(answer: nil))
            let download = downloads.download(uri: server.url("/file?size=1000"), from: host.view)
            try await waitUntil("download ended") { download.status != .active }
            XCTAssertEqual(download.status, .failed(.cancelled))
            XCTAssertEqual(download.uri, server.url("/file?size=1000"))
            host.close()
        }
    }
}
