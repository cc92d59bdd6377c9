import TestHelpers
import WebKitGTK
import XCTest

/// The library side of WebDriver automation that needs no driver (the apps' WebDriverTests
/// drive real sessions through WebKitWebDriver).
final class AutomationTests: GTKTestCase {
    private final class BareWindow: HostingWindow {
        let window = Window()
    }

    func testOneContextAtATimeAcceptsAutomationAndDroppingItFreesTheRole() {
        gtkTest {
            let application = Application(id: "io.github.webviewhost.AutomationTests", unique: false)
            let first = WebContext.ephemeral()
            let second = WebContext.ephemeral()
            XCTAssertFalse(first.isAutomationAllowed)
            var automation: Automation? = try Automation(context: first, application: application, browserName: "test") { _ in
                BareWindow()
            }
            XCTAssertTrue(first.isAutomationAllowed)
            XCTAssertNotNil(automation)
            XCTAssertThrowsError(try Automation(context: second, application: application, browserName: "test") { _ in
                BareWindow()
            }) { error in
                XCTAssertEqual(error as? AutomationError, .anotherContextIsAutomated)
            }
            XCTAssertFalse(second.isAutomationAllowed)

            automation = nil
            XCTAssertFalse(first.isAutomationAllowed)
            let again = try Automation(context: second, application: application, browserName: "test") { _ in BareWindow() }
            XCTAssertTrue(again.context.isAutomationAllowed)
        }
    }

    func testOnlyAViewMadeForAutomationIsControlledByIt() {
        gtkTest {
            XCTAssertFalse(WebView().isControlledByAutomation)
            XCTAssertTrue(WebView(context: .ephemeral(), controlledByAutomation: true).isControlledByAutomation)
        }
    }
}
