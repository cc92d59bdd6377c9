import TestHelpers
import WebKitGTK
import XCTest

/// A `file:` URL with a query opens its file (GLib alone would look for a file named
/// `page.html?…`), and the page still sees its query and its neighbours.
final class FileQueryTests: GTKTestCase {
    func testAFileURLWithAQueryOpensTheFileWithItsQuery() {
        let files = TestDirectory()
        files.write("look.css", "body { background: rgb(1, 2, 3) }")
        let page = files.write("page.html", """
            <title>the page</title><link rel="stylesheet" href="look.css"><p>here</p>
            """)
        gtkTest {
            let host = TestWindow()
            var failures: [LoadError] = []
            let observation = host.view.observe { if case .loadFailed(let error) = $0 { failures.append(error) } }
            defer { observation.cancel() }
            let uri = page.absoluteString + "?mode=compact&n=2#end"
            host.view.load(uri: uri)
            try await waitUntil("the file shown") { host.view.title == "the page" || !failures.isEmpty }
            XCTAssertEqual(failures, [])
            try await waitUntil("loaded") { !host.view.isLoading }
            let seen = try await host.view.evaluateJavaScript(
                "[location.search, location.hash, getComputedStyle(document.body).backgroundColor].join(' ')", as: String.self)
            XCTAssertEqual(seen, "?mode=compact&n=2 #end rgb(1, 2, 3)")
            XCTAssertEqual(host.view.uri, uri)
            host.close()
        }
    }
}
