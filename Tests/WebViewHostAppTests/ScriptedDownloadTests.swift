import Foundation
import TestHelpers
import WebKitGTK
@testable import WebAppWindow
@testable import WebViewHostApp
import XCTest

/// Downloads a page makes itself — an "Export…" button's `blob:` or `data:` link clicked from
/// script, with or without a `download` attribute — go through the window's downloads like a
/// server's file, with the attribute's name suggested; a frame of another origin still saves
/// nothing unless the user picks where.
final class ScriptedDownloadTests: GTKTestCase {
    /// Script a page's export button runs: a link to `href` (JavaScript) with `download` set
    /// when `name` is given, clicked without being put into the document.
    private static func clickLink(href: String, name: String?) -> String {
        "(() => { const a = document.createElement('a'); a.href = \(href); "
            + (name.map { "a.download = '\($0)'; " } ?? "") + "a.click(); })()"
    }

    private static let exports: [(script: String, suggested: String, content: String)] = [
        (clickLink(href: "URL.createObjectURL(new Blob(['blob text']))", name: "x.txt"), "x.txt", "blob text"),
        (clickLink(href: "URL.createObjectURL(new Blob(['unnamed blob'], {type: 'text/plain'}))", name: nil), "download", "unnamed blob"),
        (clickLink(href: "'data:text/plain,data%20text'", name: "d.txt"), "d.txt", "data text"),
        (clickLink(href: "'data:application/octet-stream,unnamed%20data'", name: nil), "", "unnamed data"),
    ]

    /// Runs every export of `exports` in `controller`'s page and checks each is saved where the
    /// chooser says with the suggested name, leaving the page in place.
    @MainActor
    private static func checkExports(in controller: AppWindow, downloads: Downloads, chooser: FixedChooser,
                                     saved: TestDirectory) async throws {
        let page = controller.webView.uri
        for (index, export) in exports.enumerated() {
            let file = saved.url.appendingPathComponent("export\(index)")
            chooser.answer = file
            _ = try await controller.webView.evaluateJavaScript(export.script)
            try await waitUntil(timeout: 20, "export \(index) saved") {
                downloads.all.count == index + 1 && downloads.all[index].status == .finished(file)
            }
            if !export.suggested.isEmpty {
                XCTAssertEqual(chooser.asked.last, export.suggested, "export \(index)")
            }
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), export.content, "export \(index)")
            XCTAssertEqual(controller.webView.uri, page, "export \(index) replaced the page")
        }
    }

    func testBlobAndDataLinksDownloadFromAFilePage() {
        let files = TestDirectory()
        let saved = TestDirectory()
        gtkTest(timeout: 90) {
            let page = files.write("export.html", "<title>export</title><p>export page")
            let chooser = FixedChooser(nil)
            let (controller, downloads) = makeDownloadingWindow(chooser: chooser)
            defer { controller.close() }
            controller.show()
            try await open(page.absoluteString, in: controller)
            try await Self.checkExports(in: controller, downloads: downloads, chooser: chooser, saved: saved)
        }
    }

    func testBlobAndDataLinksDownloadFromAnAppPageAndTheAttributeNamesTheFile() {
        let files = TestDirectory()
        let saved = TestDirectory()
        gtkTest(timeout: 90) {
            _ = files.write("index.html", """
                <title>export</title><a id="report" download="report.txt" href="data.txt">Report</a>
                """)
            _ = files.write("data.txt", "the report")
            let scheme = try AppScheme(directory: files.url.path)
            let chooser = FixedChooser(nil)
            let (controller, downloads) = makeDownloadingWindow(chooser: chooser, registering: scheme)
            defer { controller.close() }
            controller.show()
            downloads.localFiles = { scheme.file(forURI: $0) }
            downloads.suggestedNames = { [weak controller] in controller?.webView.frames.downloadName(for: $0) }
            try await open(scheme.uri(for: "index.html"), in: controller)
            try await Self.checkExports(in: controller, downloads: downloads, chooser: chooser, saved: saved)

            let report = saved.url.appendingPathComponent("report")
            chooser.answer = report
            _ = try await controller.webView.evaluateJavaScript("document.getElementById('report').click()")
            try await waitUntil(timeout: 20, "the report saved") { downloads.all.last?.status == .finished(report) }
            XCTAssertEqual(chooser.asked.last, "report.txt", "the download attribute's name was not suggested")
            XCTAssertEqual(try String(contentsOf: report, encoding: .utf8), "the report")
        }
    }

    /// Hostile: a frame of another origin exports on its own, with no gesture; the download
    /// still asks the chooser, and a declined question saves nothing.
    func testAnotherOriginsFrameSavesNothingUnlessTheUserChoosesWhere() {
        let files = TestDirectory()
        let saved = TestDirectory()
        gtkTest(timeout: 60) {
            let server = try LoopbackServer()
            server.page("/frame.html", "<script>\(Self.clickLink(href: "URL.createObjectURL(new Blob(['evil']))", name: "evil.txt"))</script>")
            let page = files.write("host.html", "<title>host</title><iframe src=\"\(server.url("/frame.html"))\"></iframe>")
            let chooser = FixedChooser(nil)
            let (controller, downloads) = makeDownloadingWindow(chooser: chooser)
            defer { controller.close() }
            controller.show()
            try await open(page.absoluteString, in: controller)
            try await waitUntil(timeout: 20, "the frame's download was put to the chooser") { chooser.asked == ["evil.txt"] }
            try await waitUntil(timeout: 20, "the declined download ended") { downloads.all.first?.status == .failed(.cancelled) }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: saved.url.path), [])
            XCTAssertEqual(controller.webView.uri, page.absoluteString)
        }
    }
}
