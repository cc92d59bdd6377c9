import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// WebKitGTK turns GTK's dark preference into the pages' `prefers-color-scheme`, live.
final class ColorSchemeTests: GTKTestCase {
    func testGTKsDarkPreferenceReachesOpenPagesAsPrefersColorSchemeDark() {
        gtkTest {
            let before = ColorScheme.prefersDark
            defer { ColorScheme.prefersDark = before }
            ColorScheme.prefersDark = false
            let page = try await ColorSchemePage()
            defer { page.close() }
            let light = try await page.look()
            XCTAssertEqual(light, ColorSchemePage.light)

            ColorScheme.prefersDark = true
            XCTAssertTrue(ColorScheme.prefersDark)
            try await eventually("the open page turned dark") { try await page.look() == ColorSchemePage.dark }

            ColorScheme.prefersDark = false
            try await eventually("the open page turned light again") { try await page.look() == ColorSchemePage.light }
        }
    }
}
