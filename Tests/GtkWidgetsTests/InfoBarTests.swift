import TestHelpers
import GtkWidgets
import XCTest

final class InfoBarTests: GTKTestCase {
    func testEachButtonCallsItsOwnActionAndShowingTheWindowLeavesTheBarHidden() {
        gtkTest {
            let window = Window(title: "info bar", width: 320, height: 120)
            let bar = InfoBar(message: "Something happened")
            var clicked: [String] = []
            bar.addButton("Wait") { clicked.append("Wait") }
            bar.addButton("Reload") { clicked.append("Reload") }
            window.setChild(bar)
            window.showAll()
            XCTAssertFalse(bar.isVisible, "a bar shows only when told")
            bar.isVisible = true
            XCTAssertEqual(bar.buttonTitles, ["Wait", "Reload"])
            XCTAssertTrue(bar.click("Reload"))
            XCTAssertTrue(bar.click("Wait"))
            XCTAssertFalse(bar.click("Close"), "no such button")
            XCTAssertEqual(clicked, ["Reload", "Wait"])
            bar.message = "Something else"
            XCTAssertEqual(bar.message, "Something else")
            window.close()
        }
    }
}
