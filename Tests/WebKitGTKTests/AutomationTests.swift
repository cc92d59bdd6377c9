import CWebKitGTKHelpers
import TestHelpers
import WebKitGTK
import XCTest

/// The library side of WebDriver automation, with WebKit's session signals emitted by the test
/// as WebKit emits them when a driver asks (the apps' WebDriverTests drive real sessions through
/// WebKitWebDriver).
final class AutomationTests: GTKTestCase {
    private final class BareWindow: HostingWindow {
        let window = Window()
    }

    func testASessionNamesTheAppAndGetsEachViewInAWindowThatClosesWithItsPage() {
        gtkTest {
            let application = Application(id: "io.github.webviewhost.AutomationTests", unique: false)
            let context = WebContext.ephemeral()
            var views: [WebView] = []
            weak var madeWindow: BareWindow?
            let automation = try Automation(context: context, application: application, browserName: "notes-app") { view in
                views.append(view)
                let owner = BareWindow()
                owner.window.setChild(view.widget)
                owner.window.showAll()
                madeWindow = owner
                return owner                                   // kept by the automation alone
            }
            let session = UnsafeMutableRawPointer(g_object_new_with_properties(webkit_automation_session_get_type(), 0, nil, nil)!)
            defer { g_object_unref(session) }
            Self.emit(context.reference.raw, "automation-started", session)
            let info = webkit_automation_session_get_application_info(session.assumingMemoryBound(to: WebKitAutomationSession.self))
            XCTAssertEqual(info.flatMap { webkit_application_info_get_name($0) }.map { String(cString: $0) }, "notes-app")

            let answer = Self.emit(session, "create-web-view::window", returning: webkit_web_view_get_type())
            XCTAssertEqual(views.count, 1)
            let view = try XCTUnwrap(views.first)
            XCTAssertEqual(answer, view.reference.raw, "WebKit gets the view the window shows")
            XCTAssertTrue(view.isControlledByAutomation)
            XCTAssertEqual(automation.openWindows.count, 1)
            XCTAssertNotNil(madeWindow)

            // WebDriver's Close Window: the page is asked to close, and its window goes.
            Self.emit(view.reference.raw, "close")
            try await waitUntil(timeout: 10, "the window is released") { madeWindow == nil }
            XCTAssertTrue(automation.openWindows.isEmpty)
        }
    }

    /// Emits `signal` on `instance` with an object argument, as WebKit does; returns the
    /// handler's object answer when `returning` names its type.
    @discardableResult
    private static func emit(_ instance: UnsafeMutableRawPointer, _ signal: String, _ argument: UnsafeMutableRawPointer? = nil,
                             returning answerType: GType? = nil) -> UnsafeMutableRawPointer? {
        var signalID: guint = 0
        var detail: GQuark = 0
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        precondition(g_signal_parse_name(signal, type, &signalID, &detail, 1) != 0, "no signal \(signal)")
        var values = [GValue](repeating: GValue(), count: argument == nil ? 1 : 2)
        g_value_init(&values[0], type)
        g_value_set_object(&values[0], instance)
        if let argument {
            g_value_init(&values[1], argument.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type)
            g_value_set_object(&values[1], argument)
        }
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        guard let answerType else {
            g_signal_emitv(values, signalID, detail, nil)
            return nil
        }
        var answer = GValue()
        g_value_init(&answer, answerType)
        g_signal_emitv(values, signalID, detail, &answer)
        // What g_signal_emit does with an object answer (the marshaller takes the handler's
        // object into the value, the caller gets a reference of its own, the value is unset).
        let object = g_value_dup_object(&answer)
        g_value_unset(&answer)
        return object
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
