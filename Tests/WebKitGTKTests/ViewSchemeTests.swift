import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// The view scheme (the binary channel's fallback) answers in every context that serves it.
final class ViewSchemeTests: GTKTestCase {
    /// A context made after another was freed (WebKit may give it the same address) still gets
    /// the scheme registered, so its pages' requests are answered.
    func testEveryNewContextGetsTheSchemeEvenAtAFreedOnesAddress() {
        gtkTest { @MainActor in
            for round in 0..<6 {
                let window = TestWindow(view: WebView(context: WebContext.ephemeral()))
                let serving = ViewScheme.serve("view-scheme-test", for: window.view) { request in
                    request.respond(status: 200, contentType: "text/plain", body: Data("answered".utf8))
                }
                try await window.loadHTML("<!doctype html><p>round \(round)")
                let text = try await window.view.callAsyncJavaScriptJSON("""
                    try { return await (await fetch('view-scheme-test://x/y', { method: 'POST', body: 'z' })).text(); }
                    catch (error) { return String(error); }
                    """)
                XCTAssertEqual(text, #""answered""#, "round \(round)")
                withExtendedLifetime(serving) {}
                window.close()
            }
        }
    }
}
