import TestHelpers
import WebKitGTK
import XCTest

/// A web process that ends keeps the user's place, and a page that keeps crashing is not
/// reloaded into the same crash by itself.
final class CrashRecoveryTests: GTKTestCase {
    /// Three pages, the view back on the middle one: a back and a forward entry to lose.
    @MainActor
    private static func threePagesBackOnTheMiddle(_ host: TestWindow, _ files: TestDirectory) async throws -> [URL] {
        let pages = ["one", "two", "three"].map { files.write("\($0).html", "<title>\($0)</title><p>\($0)</p>") }
        for page in pages {
            host.view.load(fileAtPath: page.path)
            try await host.waitForLoad()
        }
        host.view.goBack()
        try await waitUntil("back on page two") { host.view.title == "two" && !host.view.isLoading }
        return pages
    }

    func testAKilledWebProcessReloadsOnceWithItsHistoryThenStops() {
        let files = TestDirectory()
        gtkTest(timeout: 90) {
            let before = WebProcesses.children()
            let host = TestWindow(view: WebView(context: .ephemeral()))
            let pages = try await Self.threePagesBackOnTheMiddle(host, files)
            let history = BackForwardURIs(of: host.view)
            XCTAssertEqual(history.current, pages[1].absoluteString)
            XCTAssertEqual(history.back.count + history.forward.count, 2, "\(history)")
            var terminations: [WebProcessTermination] = []
            var commits: [String] = []
            let observation = host.view.observe { event in
                if case .webProcessTerminated(let reason) = event { terminations.append(reason) }
                if case .load(.committed(let uri)) = event { commits.append(uri) }
            }
            defer { observation.cancel() }

            // The first crash: the page comes back by itself, with its history.
            XCTAssertGreaterThan(WebProcesses.kill(startedSince: before), 0, "no web process to kill")
            try await waitUntil(timeout: 20, "page two reloaded after the crash") {
                terminations == [.crashed] && commits.contains(pages[1].absoluteString)
                    && host.view.title == "two" && !host.view.isLoading
            }
            XCTAssertEqual(BackForwardURIs(of: host.view), history)

            // The second, soon after: an error page, and no third load of the page by itself.
            commits = []
            XCTAssertGreaterThan(WebProcesses.kill(startedSince: before), 0, "no web process to kill")
            try await waitUntil(timeout: 20, "the keeps-crashing page") {
                terminations == [.crashed, .crashed] && host.view.title == "This page keeps crashing"
            }
            try await settle(milliseconds: 3000)
            XCTAssertEqual(host.view.title, "This page keeps crashing")
            XCTAssertEqual(commits, [pages[1].absoluteString], "only the error page committed, under the page's address")
            let action = try await host.view.evaluateJavaScript("document.getElementById('retry').textContent")
            XCTAssertEqual(action, .string("Reload"))

            // Reload by hand, through the error page's own link: the page and its history.
            _ = try await host.view.evaluateJavaScript("document.getElementById('retry').click(); true")
            try await waitUntil(timeout: 20, "page two after Reload") { host.view.title == "two" && !host.view.isLoading }
            XCTAssertEqual(BackForwardURIs(of: host.view), history)
            host.view.goForward()
            try await waitUntil("forward to page three") { host.view.title == "three" && !host.view.isLoading }
            host.close()
        }
    }

    func testRetryAfterTheAppEndedTheWebProcessKeepsTheHistory() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let host = TestWindow(view: WebView(context: .ephemeral()))
            _ = try await Self.threePagesBackOnTheMiddle(host, files)
            let history = BackForwardURIs(of: host.view)
            host.view.terminateWebProcess()
            try await waitUntil(timeout: 20, "error page") { host.view.title == "This page stopped working" }
            try await settle(milliseconds: 1000)
            XCTAssertEqual(host.view.title, "This page stopped working", "an ended web process is not reloaded by itself")
            host.view.reload()
            try await waitUntil(timeout: 20, "page two after Retry") { host.view.title == "two" && !host.view.isLoading }
            XCTAssertEqual(BackForwardURIs(of: host.view), history)
            host.close()
        }
    }

    func testTerminatingWithReloadBringsThePageBackAtOnce() {
        let files = TestDirectory()
        gtkTest(timeout: 60) {
            let host = TestWindow(view: WebView(context: .ephemeral()))
            _ = try await Self.threePagesBackOnTheMiddle(host, files)
            let history = BackForwardURIs(of: host.view)
            var titles: [String?] = []
            let observation = host.view.observe { if case .titleChanged(let title) = $0 { titles.append(title) } }
            defer { observation.cancel() }
            host.view.terminateWebProcess(reloading: true)
            try await waitUntil(timeout: 20, "page two reloaded") { titles.contains("two") && !host.view.isLoading }
            XCTAssertFalse(titles.contains("This page stopped working"), "\(titles)")
            XCTAssertEqual(BackForwardURIs(of: host.view), history)
            host.close()
        }
    }

    func testAPageOverItsMemoryLimitIsStoppedWithAPageSayingSo() {
        let files = TestDirectory()
        let page = files.write("hungry.html", """
            <title>hungry</title><script>
            const kept = [];
            setInterval(() => { for (let i = 0; i < 16; i++) kept.push(new Uint8Array(1 << 20).fill(7)); }, 20);
            </script>
            """)
        gtkTest(timeout: 90) {
            let limit = WebProcessMemoryLimit(megabytes: 200, conservativeThreshold: 0.5, strictThreshold: 0.8,
                                              killThreshold: 1, pollInterval: .milliseconds(250))
            let host = TestWindow(view: WebView(context: .ephemeral(memoryLimit: limit)))
            var terminations: [WebProcessTermination] = []
            let observation = host.view.observe { if case .webProcessTerminated(let reason) = $0 { terminations.append(reason) } }
            defer { observation.cancel() }
            host.view.load(fileAtPath: page.path)
            try await waitUntil(timeout: 60, "stopped for its memory") {
                terminations == [.exceededMemoryLimit] && host.view.title == "This page used too much memory"
            }
            let message = try await host.view.evaluateJavaScript("document.getElementById('error-message').textContent")
            XCTAssertEqual(message, .string("This page used too much memory and was stopped."))
            let action = try await host.view.evaluateJavaScript("document.getElementById('retry').textContent")
            XCTAssertEqual(action, .string("Reload"))
            host.close()
        }
    }
}
