import Foundation
import LoopTestHelpers
import TestHelpers
import WebBridge
import WebBridgeGTK
import WebKitGTK
import XCTest

/// A web context loads the bridge's web process extension only where a bridge is, and an
/// app's own extension loads beside it.
final class WebProcessExtensionsTests: GTKTestCase {
    static let probe = "return [typeof window.__webViewHostBinary, String(window.__secondExtension)];"

    func testAContextWithoutABridgeLoadsNoExtension() {
        gtkTest { @MainActor in
            let context = WebContext.ephemeral()
            let window = TestWindow(view: WebView(context: context))
            defer { window.close() }
            try await window.loadHTML("<!doctype html><p>no bridge")
            let seen = try await window.view.callAsyncJavaScriptJSON(Self.probe)
            XCTAssertEqual(seen, #"["undefined","undefined"]"#)
            XCTAssertEqual(context.webProcessExtensions, [])
        }
    }

    func testAnAppsOwnExtensionRunsBesideTheBridges() throws {
        let library = try Self.buildSecondExtension()
        gtkTest { @MainActor in
            let context = WebContext.ephemeral()
            try context.addWebProcessExtension(libraryPath: library.path)
            let window = TestWindow(view: WebView(context: context))
            defer { window.close() }
            // The bridge's binary transport loads the bridge's extension into the same context.
            let serving = window.view.serveWebProcessBinaryRequests { request in
                request.respond(status: 200, contentType: "application/octet-stream", body: Data([7]))
            }
            defer { withExtendedLifetime(serving) {} }
            XCTAssertEqual(context.webProcessExtensions.count, 2, "\(context.webProcessExtensions)")
            XCTAssertEqual(context.webProcessExtensions.first, library.resolvingSymlinksInPath().path)
            try await window.loadHTML("<!doctype html><p>two extensions")
            let seen = try await window.view.callAsyncJavaScriptJSON(Self.probe)
            XCTAssertEqual(seen, #"["function","loaded"]"#, "both extensions ran in the page's web process")
            let answer = try await window.view.callAsyncJavaScriptJSON("""
                return await new Promise((resolve) => window.__webViewHostBinary('test:x', new Uint8Array([1]),
                  (status, type, bytes) => resolve([status, Array.from(new Uint8Array(bytes))]), (m) => resolve(m)));
                """)
            XCTAssertEqual(answer, "[200,[7]]", "the bridge's extension still carries bytes")
        }
    }

    func testAddingTheSameLibraryTwiceLoadsItOnce() throws {
        let library = try Self.buildSecondExtension()
        gtkTest { @MainActor in
            let context = WebContext.ephemeral()
            try context.addWebProcessExtension(libraryPath: library.path)
            try context.addWebProcessExtension(libraryPath: library.path)
            XCTAssertEqual(context.webProcessExtensions.count, 1)
        }
    }

    /// What a context loads belongs to that context: one made after another was freed (WebKit
    /// may give it the same address) starts with none.
    func testAFreshContextNeverInheritsTheExtensionsOfAFreedOne() throws {
        let library = try Self.buildSecondExtension()
        gtkTest { @MainActor in
            for round in 0..<20 {
                do {
                    let used = WebContext.ephemeral()
                    try used.addWebProcessExtension(libraryPath: library.path)
                }
                XCTAssertEqual(WebContext.ephemeral().webProcessExtensions, [], "round \(round)")
            }
        }
    }

    /// Where the test's library is built; removed when the test process ends.
    nonisolated(unsafe) static let buildDirectory = TestDirectory()

    /// The web process extension API of the WebKit this test runs on, as pkg-config names it,
    /// and the C defines that pick it in the fixture: a library built for the other WebKit would
    /// not load (it would link the other WebKit's libraries into the web process).
    #if GTK4
    static let extensionAPI = (package: "webkitgtk-web-process-extension-6.0", defines: ["-DWHV_GTK4"])
    #else
    static let extensionAPI = (package: "webkit2gtk-web-extension-4.1", defines: [String]())
    #endif

    /// Compiles `Fixtures/second-extension.c` into a shared library in a temporary directory.
    static func buildSecondExtension() throws -> URL {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/second-extension.c")
        let output = buildDirectory.url.appendingPathComponent("libsecond-extension.so")
        let flags = try runTool("/usr/bin/pkg-config", ["--cflags", "--libs", extensionAPI.package])
        guard flags.status == 0 else { throw HarnessError("pkg-config \(extensionAPI.package): \(flags.output)") }
        let arguments = ["-shared", "-fPIC", "-o", output.path, source.path] + extensionAPI.defines
            + flags.output.split(whereSeparator: \.isWhitespace).map(String.init)
        let compiled = try runTool("/usr/bin/cc", arguments)
        guard compiled.status == 0, FileManager.default.fileExists(atPath: output.path) else {
            throw HarnessError("cc did not build \(output.path): \(compiled.output)")
        }
        return output
    }
}
