import TestHelpers
import GtkWidgets
import XCTest

final class ComboBoxTextTests: GTKTestCase {
    func testChoosingReportsTheIdAndThePlaceholderCountsAsNone() {
        gtkTest {
            let combo = ComboBoxText(choices: [("red", "Red"), ("blue", "Blue")], placeholder: "Colour")
            var heard: [String?] = []
            let observation = combo.onChanged { heard.append($0) }
            XCTAssertNil(combo.activeID, "the placeholder is shown, nothing chosen")
            combo.activeID = "blue"
            combo.activeID = "red"
            combo.activeID = nil
            combo.activeID = "green"  // not a choice: clears it
            XCTAssertEqual(heard, ["blue", "red", nil])
            XCTAssertNil(combo.activeID)
            observation.cancel()
            combo.activeID = "blue"
            XCTAssertEqual(heard.count, 3, "no one listens after the observation is dropped")
        }
    }

    func testWithoutAPlaceholderNothingIsChosenUntilPicked() {
        gtkTest {
            let combo = ComboBoxText(choices: [("a", "A")])
            XCTAssertNil(combo.activeID)
            combo.activeID = "a"
            XCTAssertEqual(combo.activeID, "a")
            combo.activeID = nil
            XCTAssertNil(combo.activeID)
        }
    }
}
