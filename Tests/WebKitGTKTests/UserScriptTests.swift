import ScriptMessaging
import TestHelpers
import WebKitGTK
import XCTest

final class UserScriptTests: GTKTestCase {
    func testDocumentStartScriptRunsBeforeThePagesScript() {
        gtkTest {
            let content = UserContentManager()
            content.add(UserScript(source: "window.order = ['user script'];", injectionTime: .documentStart))
            let host = TestWindow(view: WebView(userContent: content))
            try await host.loadHTML("<script>window.order = (window.order || []).concat('page script');</script>")
            let order = try await host.view.evaluateJavaScript("window.order")
            XCTAssertEqual(order, ["user script", "page script"])
            host.close()
        }
    }

    func testMainFrameOnlyScriptSkipsIframesButAllFramesScriptDoesNot() {
        let files = TestDirectory()
        let page = files.write("page.html", """
            <script>
              window.report = null;
              addEventListener("message", (event) => { window.report = event.data; });
            </script>
            <iframe src="frame.html"></iframe>
            """)
        files.write("frame.html", """
            <script>parent.postMessage({mainOnly: typeof window.mainOnly, all: typeof window.allFrames}, "*");</script>
            """)
        gtkTest {
            let content = UserContentManager()
            content.add(UserScript(source: "window.mainOnly = true;", frames: .mainFrameOnly))
            content.add(UserScript(source: "window.allFrames = true;", frames: .allFrames))
            let host = TestWindow(view: WebView(userContent: content))
            host.view.load(fileAtPath: page.path)
            try await host.waitForLoad()
            var report: JSONValue? = .null
            try await waitUntil("the iframe reported") {
                Task { report = try? await host.view.evaluateJavaScript("window.report") }
                return report != .null && report != nil
            }
            XCTAssertEqual(report, ["mainOnly": "undefined", "all": "boolean"])
            let top = try await host.view.evaluateJavaScript("[typeof window.mainOnly, typeof window.allFrames]")
            XCTAssertEqual(top, ["boolean", "boolean"])
            host.close()
        }
    }
}
