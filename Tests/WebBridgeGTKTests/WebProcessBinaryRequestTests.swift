import Foundation
import TestHelpers
import WebBridgeGTK
import WebKitGTK
import XCTest

/// The web process extension's transport as the view sees it: a page's call arrives with its
/// URI and bytes, the answer's status, type and bytes reach the page, and a request the app
/// drops unanswered still settles the page's call.
final class WebProcessBinaryRequestTests: GTKTestCase {
    static let call = """
        const call = (uri, body) => new Promise((resolve) => window.__webViewHostBinary(uri, body,
          (status, type, bytes) => resolve([status, type, Array.from(new Uint8Array(bytes))]),
          (message) => resolve(['rejected', message])));
        """

    func testACallArrivesWithItsBytesAndItsAnswerReachesThePage() {
        gtkTest { @MainActor in
            // A context of its own, whose first web process starts after the extension is added:
            // the shared one served earlier tests' views, and WebKitGTK 6.0 gave a new view of it
            // a web process started before (no new one appeared), which lacks the extension.
            let window = TestWindow(view: WebView(context: WebContext.ephemeral()))
            defer { window.close() }
            var seen: [(uri: String, size: Int, body: [UInt8])] = []
            let serving = window.view.serveWebProcessBinaryRequests { request in
                seen.append((request.uri, request.bodySize, Array(request.body())))
                switch request.uri {
                case "test:answer": request.respond(status: 201, contentType: "application/x-test", body: Data([9, 8, 7]))
                case "test:empty": request.respond(status: 204, contentType: "text/plain", body: Data())
                default: break // dropped unanswered
                }
            }
            defer { withExtendedLifetime(serving) {} }
            try await window.loadHTML("<!doctype html><p>x")
            let outcome = try await window.view.callAsyncJavaScriptJSON(Self.call + """
                return [await call('test:answer', new Uint8Array([1, 2, 3, 4]).subarray(1, 3)),
                        await call('test:empty', null),
                        await call('test:dropped', new ArrayBuffer(2))];
                """)
            XCTAssertEqual(outcome, #"[[201,"application/x-test",[9,8,7]],[204,"text/plain",[]],[500,"text/plain",[]]]"#)
            XCTAssertEqual(seen.map(\.uri), ["test:answer", "test:empty", "test:dropped"])
            XCTAssertEqual(seen.map(\.size), [2, 0, 2])
            XCTAssertEqual(seen.map(\.body), [[2, 3], [], [0, 0]])
        }
    }
}
