import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import WebViewHostApp
import XCTest

/// Dark style: the demo pages share one style sheet with a dark variant and link back to the
/// start page; the app follows the desktop's colour scheme into its pages.
final class DarkStyleTests: GTKTestCase {
    private struct PageLook: Decodable {
        let sheets: [String]
        let linksToStart: Bool
        let background: String
    }

    func testEveryDemoPageSharesOneStyleSheetWithADarkVariantAndLinksToTheStartPage() {
        gtkTest {
            let before = ColorScheme.prefersDark
            defer { ColorScheme.prefersDark = before }
            let resources = try XCTUnwrap(AppResources.locate()).directory
            let pages = try XCTUnwrap(FileManager.default.subpaths(atPath: resources.path)).filter { $0.hasSuffix(".html") }.sorted()
            XCTAssertGreaterThanOrEqual(pages.count, 9, "\(pages)")
            let context = WebContext.ephemeral()
            let scheme = try AppScheme(directory: resources.path)
            context.register(scheme)
            let host = TestWindow(view: WebView(context: context))
            defer { host.close() }
            for dark in [false, true] {
                ColorScheme.prefersDark = dark
                for page in pages {
                    try await host.view.waitForLoad("\(page) loaded") { host.view.load(uri: scheme.uri(for: page)) }
                    let json = try await host.view.evaluateJavaScript("""
                        JSON.stringify({
                          sheets: [...document.styleSheets].map(sheet => sheet.href),
                          linksToStart: [...document.querySelectorAll('a')].some(a => a.href === '\(scheme.uri(for: "index.html"))'),
                          background: getComputedStyle(document.body).backgroundColor })
                        """, as: String.self)
                    let look = try JSONDecoder().decode(PageLook.self, from: Data(json.utf8))
                    XCTAssertEqual(look.sheets, [scheme.uri(for: "style.css")], "\(page) does not use the one shared style sheet")
                    if page != "index.html" { XCTAssertTrue(look.linksToStart, "\(page) has no link back to the start page") }
                    XCTAssertEqual(look.background, dark ? "rgb(36, 36, 36)" : "rgb(255, 255, 255)", "\(page), dark: \(dark)")
                }
            }
        }
    }

    /// The real app on a desktop whose colour scheme (GNOME's GSettings key, here in a
    /// keyfile) prefers dark shows a dark start page, and turns light when the setting changes.
    func testTheAppFollowsTheDesktopsColourSchemeIntoItsPages() throws {
        let host = try HostLauncher(executable: HostLauncher.builtExecutable(for: Self.self))
        let shots = TestDirectory()
        let resources = try XCTUnwrap(AppResources.locate()).directory
        let keyfile = host.home.url.appendingPathComponent("config/glib-2.0/settings/keyfile")
        try FileManager.default.createDirectory(at: keyfile.deletingLastPathComponent(), withIntermediateDirectories: true)
        func desktop(prefers scheme: String) throws {
            try "[org/gnome/desktop/interface]\ncolor-scheme='\(scheme)'\n".write(to: keyfile, atomically: true, encoding: .utf8)
        }
        try desktop(prefers: "prefer-dark")
        let app = try host.launch(environment: ["GSETTINGS_BACKEND": "keyfile", "WEBVIEWHOST_RESOURCES": resources.path])
        let window = try XCTUnwrap(try X11Windows.waitFor("WebViewHost demos"), app.printed)
        func pageColour(_ name: String) throws -> String? {
            try poll(timeout: 10) { () throws -> String? in
                let shot = try Screenshot(window: window, into: shots.url, name: name)
                let size = try XCTUnwrap(try X11Windows.size(of: window)).split(separator: "x").compactMap { Int($0) }
                let colour = try shot.colour(x: 8, y: size[1] - 8)
                return colour == "#242424" || colour == "#FFFFFF" ? colour : nil
            }
        }
        XCTAssertEqual(try poll(timeout: 10) { try pageColour("start-page-dark") == "#242424" ? true : nil }, true,
                       "the start page is not dark: \(shots.url.path)")
        try desktop(prefers: "default")
        XCTAssertEqual(try poll(timeout: 10) { try pageColour("start-page-light") == "#FFFFFF" ? true : nil }, true,
                       "the start page did not turn light: \(shots.url.path)")
        try X11Windows.press("ctrl+q", in: window)
        XCTAssertEqual(app.waitForExit(), 0, app.printed)
    }
}
