import TestHelpers
import WebKitGTK
import XCTest

/// WebKitGTK turns GTK's dark preference into the pages' `prefers-color-scheme`, live.
final class ColorSchemeTests: GTKTestCase {
    func testGTKsDarkPreferenceReachesOpenPagesAsPrefersColorSchemeDark() {
        gtkTest {
            let before = ColorScheme.prefersDark
            defer { ColorScheme.prefersDark = before }
            ColorScheme.prefersDark = false
            let host = TestWindow()
            try await host.loadHTML("""
                <style>body { background: white } @media (prefers-color-scheme: dark) { body { background: black } }</style>
                <p>text</p>
                """)
            func look() async throws -> String {
                try await host.view.evaluateJavaScript(
                    "matchMedia('(prefers-color-scheme: dark)').matches + ' ' + getComputedStyle(document.body).backgroundColor",
                    as: String.self)
            }
            let light = try await look()
            XCTAssertEqual(light, "false rgb(255, 255, 255)")

            ColorScheme.prefersDark = true
            XCTAssertTrue(ColorScheme.prefersDark)
            let dark = try await poll("the open page turned dark") { try await look() == "true rgb(0, 0, 0)" }
            XCTAssertTrue(dark)

            ColorScheme.prefersDark = false
            let lightAgain = try await poll("the open page turned light again") { try await look() == "false rgb(255, 255, 255)" }
            XCTAssertTrue(lightAgain)
            host.close()
        }
    }
}

/// Asks until `condition` holds, for up to ten seconds; whether it did.
@MainActor
private func poll(_ description: String, _ condition: @MainActor () async throws -> Bool) async throws -> Bool {
    for _ in 0..<100 {
        if try await condition() { return true }
        try await Task.sleep(nanoseconds: 100_000_000)
    }
    XCTFail("timed out: \(description)")
    return false
}
