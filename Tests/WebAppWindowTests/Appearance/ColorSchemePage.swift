import TestHelpers
import WebAppWindow
import WebKitGTK

/// A page in a shown window whose body is black while it matches `prefers-color-scheme: dark`
/// and white otherwise, to see what the colour scheme does to open pages.
@MainActor
final class ColorSchemePage {
    /// What `look()` says of the page in each scheme.
    static let light = "false rgb(255, 255, 255)", dark = "true rgb(0, 0, 0)"
    private let host = TestWindow()

    init() async throws {
        try await host.loadHTML("""
            <style>body { background: white } @media (prefers-color-scheme: dark) { body { background: black } }</style>
            <p>text</p>
            """)
    }

    /// Whether the page matches `prefers-color-scheme: dark`, and its background.
    func look() async throws -> String {
        try await host.view.evaluateJavaScript(
            "matchMedia('(prefers-color-scheme: dark)').matches + ' ' + getComputedStyle(document.body).backgroundColor",
            as: String.self)
    }

    func close() {
        host.close()
    }
}
