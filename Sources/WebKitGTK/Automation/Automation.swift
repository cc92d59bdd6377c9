import CWebKitGTKHelpers
import GLibCore
import GLibLog
import GtkWidgets

/// Lets WebDriver drive an app's windows, through WebKitGTK's driver `WebKitWebDriver`.
///
/// The driver starts the app with the arguments of the `webkitgtk:browserOptions`
/// capability (`commandLineFlag` unless the capability says otherwise) and with
/// `WEBKIT_INSPECTOR_SERVER` in its environment, connects to it, and asks for a session. This
/// object allows automation on the app's web context, names the app to each session
/// (`browserName`, which a client's `browserName` capability must match) and answers every
/// browsing context the session asks for with a new `WebView` controlled by automation, put
/// in one of the app's own windows by `makeWindow`. It keeps those windows until they close.
///
/// An app under WebDriver opens no window of its own: the application is held open until the
/// session's first window exists, then runs, as usual, until its last window closes (the driver
/// closes them when its session ends). Keep this object as long as the app runs.
@MainActor
public final class Automation {
    /// The option the driver passes when the capability names no arguments, as WebKit's own
    /// MiniBrowser reads it: apps built on this library take the same.
    public static let commandLineFlag = "--automation"

    /// The web context sessions run in, with automation allowed on it: WebKit allows that on
    /// one context per process, and every view a session asks for is made in it.
    public let context: WebContext
    /// The name sessions report as the browser's.
    public let browserName: String
    private let settings: WebViewSettings
    private let makeWindow: @MainActor (WebView) -> any HostingWindow
    private var applicationHold: Observation?
    private var startConnection: SignalConnection?
    /// The running session's request for views; a new session replaces it.
    private var sessionConnection: SignalConnection?
    private var windows: [ObjectIdentifier: OpenWindow] = [:]

    /// A window made for a session, and what closes it with its view.
    private struct OpenWindow {
        let owner: any HostingWindow
        let observations: [Observation]
    }

    /// Allows automation on `context`; views get `settings`, and `makeWindow` shows each one in
    /// a window of the app, added to `application` as any window of it.
    public init(context: WebContext, application: Application, browserName: String,
                settings: WebViewSettings = WebViewSettings(),
                makeWindow: @escaping @MainActor (WebView) -> any HostingWindow) throws(AutomationError) {
        self.context = context
        self.browserName = browserName
        self.settings = settings
        self.makeWindow = makeWindow
        webkit_web_context_set_automation_allowed(context.reference.pointer, 1)
        guard context.isAutomationAllowed else { throw .anotherContextIsAutomated }
        applicationHold = application.hold()
        startConnection = Signals.connect(context.reference.raw, "automation-started") { [weak self] (session: Signals.Pointer) in
            guard let self, let session else { return }
            start(session.assumingMemoryBound(to: WebKitAutomationSession.self))
        }
    }

    isolated deinit {
        webkit_web_context_set_automation_allowed(context.reference.pointer, 0)
    }

    /// The windows made for sessions and still open.
    public var openWindows: [any HostingWindow] { windows.values.map(\.owner) }

    private func start(_ session: UnsafeMutablePointer<WebKitAutomationSession>) {
        let info = webkit_application_info_new()
        defer { webkit_application_info_unref(info) }
        webkit_application_info_set_name(info, browserName)
        webkit_automation_session_set_application_info(session, info)
        Log.webKitGTK.debug("WebDriver session \(string(webkit_automation_session_get_id(session)) ?? "") started")
        // Windows and tabs alike ("create-web-view::window", "::tab") become windows of the app.
        sessionConnection = Signals.connectProviding(UnsafeMutableRawPointer(session), "create-web-view") { [weak self] in
            self?.makeBrowsingContext()
        }
    }

    /// A new view in a new app window; WebKit drives it as the session's browsing context.
    private func makeBrowsingContext() -> Signals.Pointer {
        let view = WebView(settings: settings, context: context, controlledByAutomation: true)
        let owner = makeWindow(view)
        let key = ObjectIdentifier(owner)
        let closed = owner.window.onClosed { [weak self] in
            guard let window = self?.windows.removeValue(forKey: key) else { return }
            // Let the window's own destroy handlers finish before its owner goes.
            Task { @MainActor in withExtendedLifetime(window) {} }
        }
        // WebDriver closes a browsing context (Close Window, the end of a session) by asking its
        // page to close; the window goes with it, unless the app's window already closed itself.
        let closeRequested = view.observe { [weak self, weak owner] event in
            guard case .closeRequested = event, self?.windows[key] != nil else { return }
            owner?.window.close()
        }
        windows[key] = OpenWindow(owner: owner, observations: [closed, closeRequested])
        // The window keeps the app running from now on.
        applicationHold = nil
        return view.reference.raw
    }
}

extension WebContext {
    /// Whether WebDriver may drive this context's views (see `Automation`).
    public var isAutomationAllowed: Bool {
        webkit_web_context_is_automation_allowed(reference.pointer) != 0
    }
}
