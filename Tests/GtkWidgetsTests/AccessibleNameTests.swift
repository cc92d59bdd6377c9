import TestHelpers
import GtkWidgets
import XCTest

/// The names a screen reader speaks for controls that show only an icon: GTK guesses none
/// for most icons, so each is named, by its tooltip without the shortcut or in so many words.
final class AccessibleNameTests: GTKTestCase {
    func testAnIconButtonIsNamedByItsTooltipWithoutTheShortcutOrByItsName() {
        gtkTest {
            XCTAssertEqual(Button(iconName: "go-previous-symbolic", tooltip: "Back (Alt+Left)").accessibleName, "Back")
            XCTAssertEqual(Button(iconName: "folder-open-symbolic", tooltip: "Show in Folder").accessibleName, "Show in Folder")
            XCTAssertEqual(Button(iconName: "folder-open-symbolic", name: "Folder", tooltip: "Show in Folder (Ctrl+O)").accessibleName,
                           "Folder")
            let button = Button(iconName: "view-refresh-symbolic", tooltip: "Reload (F5)")
            button.accessibleName = "Stop"
            XCTAssertEqual(button.accessibleName, "Stop")
        }
    }
}
