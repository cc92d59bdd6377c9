import GLibCore
import CWebKitGTKHelpers
import FoundationEssentials
import GLibLog
import ScriptMessaging
import GtkWidgets
import WebPolicy

/// A WebKitGTK web view owned by Swift: loads, history, observable state and script.
///
/// The view's GTK widget, its signal connections and their closures all live exactly
/// as long as this object. State changes reach observers (`observe(_:)` or `events`)
/// as `WebViewEvent`s. Failed loads and ended web processes are reported and, unless
/// `errorPage` is nil, replaced in the view by a page naming the problem with a Retry
/// link, so a bad page never leaves a blank or dead view.
///
/// A web process that ends keeps the user's place: the view saves its back/forward list
/// at every committed page (`sessionState`) and puts it back when the page is reloaded.
/// A crash is reloaded by itself once; a page that crashes again soon after stays on an
/// error page until the user reloads it (`crashLoopGuard`).
@MainActor
public final class WebView {
    package let reference: ObjectReference<WebKitWebView>
    /// The scripts, style sheets and message handlers of this view's pages, as given at init.
    public let userContent: UserContentManager
    /// The web context the view belongs to: its web processes, website data, custom schemes
    /// and downloads.
    public let context: WebContext

    /// Renders the page shown in place of a failed load or an ended web process;
    /// nil leaves the view as WebKit left it.
    public var errorPage: (@MainActor (WebViewFailure) -> String)? = { failure in
        switch failure {
        case .load(let error): ErrorPage.html(for: error)
        case .webProcessTerminated(let reason, let uri): ErrorPage.html(for: reason, uri: uri)
        case .keepsCrashing(let uri, let crashes): ErrorPage.html(keepsCrashing: uri, crashes: crashes)
        }
    }

    /// Whether a crashed page is reloaded by itself or left to the user: by default the first
    /// crash reloads (history kept), a second within 60 s stops on an error page with Reload.
    public var crashLoopGuard = CrashLoopGuard()

    /// The back/forward list as of the last page committed (or history change) outside an
    /// error page: what a reload after the web process ended puts back. Nil before the first page.
    public private(set) var sessionState: WebViewSessionState?

    /// Shows the page's alert, confirm, prompt and beforeunload dialogs and returns the answers;
    /// nil leaves them to WebKit's built-in dialogs.
    public var scriptDialogPresenter: (any ScriptDialogPresenter)?

    /// When a page showing dialog after dialog is offered to the user to be stopped (from its
    /// third dialog by default), and whether the user stopped the current page's: its
    /// `alert`, `confirm` and `prompt` then answer at once until another page comes.
    public var dialogLoopGuard = DialogLoopGuard()

    /// Which frame the user last acted in and which frame asked for a dialog: what the
    /// navigation guard and the dialogs need and WebKit does not say.
    public let frames: FrameWitness

    /// The Content-Security-Policy refusals on the app's own pages, told to the developer.
    public let policyViolations: PolicyViolations

    private let observers = ObserverList<WebViewEvent>()
    private var connections: [SignalConnection] = []
    /// The address the current main-frame load was asked for, until it commits.
    private var startedURI: String?
    private var lastURI: String?
    /// The error page on screen: the address that failed, the one the page shows under, and,
    /// for an ended web process, the history to put back when it is reloaded.
    private var shownFailure: (failedURI: String, pageURI: String, history: WebViewSessionState?)?
    /// `terminateWebProcess(reloading: true)` was called: the termination it causes reloads.
    private var reloadsAfterTermination = false
    /// Whether the view has a web process: from a load's start (a popup has its opener's)
    /// until the process ends. Before, a call that may start one checks the sandbox first.
    private var hasWebProcess: Bool
    /// What the view was asked to load while the sandbox could not start a web process:
    /// what `reload()` tries again.
    private var heldLoad: ((UnsafeMutablePointer<WebKitWebView>) -> Void)?
    /// Where the last `tryClose()` stands: WebKit stops waiting for the page 50 ms after the
    /// user answers its `beforeunload` question and then closes anyway, so a page slow to
    /// confirm that the user stays (a busy machine) would lose the window without this.
    var closeAttempt = CloseAttempt.none

    enum CloseAttempt {
        case none
        /// `tryClose()` was called; the page has not said it stays.
        case asked
        /// The user chose to stay: a close WebKit reports now is its late one, and dropped.
        case declined
    }

    /// `controlledByAutomation` makes a view a WebDriver session can drive: WebKit means it
    /// only for the views `Automation` makes for a session, and refuses any other view there.
    /// `relatedTo` makes the view of a popup that `opener`'s page opened (`window.open`): it
    /// shares the opener's web process and context (`context` is then ignored), so the two
    /// pages hold real window proxies of each other. WebKit runs the popup's pages with the
    /// opener's user content (its scripts, and its script message handlers answer the
    /// popup's messages), whatever `userContent` is given.
    public init(settings: WebViewSettings = WebViewSettings(),
                userContent: UserContentManager = UserContentManager(),
                context: WebContext = .shared,
                controlledByAutomation: Bool = false,
                relatedTo opener: WebView? = nil) {
        context.noteViewMade()
        let webkitSettings = webkit_settings_new()!
        defer { g_object_unref(webkitSettings) }
        settings.apply(to: webkitSettings)
        let context = opener?.context ?? context
        #if GTK4
        let view = whv_web_view_new(context.reference.pointer, context.session.pointer, userContent.reference.pointer,
                                    webkitSettings, controlledByAutomation ? 1 : 0, opener?.reference.pointer)!
        #else
        let view = whv_web_view_new(context.reference.pointer, userContent.reference.pointer, webkitSettings,
                                    controlledByAutomation ? 1 : 0, opener?.reference.pointer)!
        #endif
        reference = ObjectReference(sinking: view)
        self.userContent = userContent
        self.context = context
        hasWebProcess = opener != nil
        frames = FrameWitness(userContent: userContent)
        policyViolations = PolicyViolations(userContent: userContent, context: context)
        connectSignals()
    }

    /// The view as a widget, to put in a container (it shares the view's GTK object).
    public private(set) lazy var widget = Widget(sinking: reference.cast())

    // MARK: Loading

    /// Loads a URI (`https:`, `file:`, a registered custom scheme…).
    public func load(uri: String) {
        startedURI = uri
        if let file = fileBytesLoad(of: uri) { return load(bytes: file.bytes, mimeType: file.mimeType, baseURI: file.baseURI) }
        startingWebProcess { webkit_web_view_load_uri($0, uri) }
    }

    /// Loads a local file by path, relative paths against the current directory.
    public func load(fileAtPath path: String) {
        load(uri: URL(fileURLWithPath: path).standardizedFileURL.absoluteString)
    }

    /// Shows HTML from a string; relative URLs and the page's origin come from `baseURI`.
    public func load(html: String, baseURI: String? = nil) {
        startingWebProcess { webkit_web_view_load_html($0, html, baseURI) }
    }

    /// Shows raw content of any MIME type.
    public func load(bytes: [UInt8], mimeType: String, encoding: String? = nil, baseURI: String? = nil) {
        startingWebProcess { view in
            let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(data) }
            webkit_web_view_load_bytes(view, data, mimeType, encoding, baseURI)
        }
    }

    /// Shows HTML in place of `contentURI` without adding a history entry: error pages.
    public func loadAlternate(html: String, contentURI: String, baseURI: String? = nil) {
        startingWebProcess { webkit_web_view_load_alternate_html($0, html, contentURI, baseURI) }
    }

    /// Goes to the previous page of the view's history; nothing happens when `canGoBack` is false.
    public func goBack() { startingWebProcess { webkit_web_view_go_back($0) } }
    /// Goes to the next page of the view's history; nothing happens when `canGoForward` is false.
    public func goForward() { startingWebProcess { webkit_web_view_go_forward($0) } }

    /// Loads the page again; on an error page, tries the address that failed, and after an
    /// ended web process, with the back/forward list it had; after `.sandboxUnavailable`,
    /// what was asked then.
    public func reload() {
        if let held = heldLoad {
            shownFailure = nil
            return startingWebProcess(held)
        }
        if let shown = shownFailure, shown.pageURI == uri {
            guard let history = shown.history else { return load(uri: shown.failedURI) }
            return reload(restoring: history)
        }
        startingWebProcess { webkit_web_view_reload($0) }
    }
    /// Stops the current load (Escape); being only cancelled, it is not reported as a failure.
    public func stopLoading() { webkit_web_view_stop_loading(reference.pointer) }

    /// Asks the page to close: runs its `beforeunload` handler (which may show a dialog) and,
    /// unless the user stays, reports `.closeRequested`.
    public func tryClose() {
        closeAttempt = .asked
        webkit_web_view_try_close(reference.pointer)
    }

    /// The user asked to close (`tryClose()`) and the page's script, still running, shows
    /// another dialog: WebKit would run the page's `beforeunload` handler only once that
    /// script returns, which a page looping `alert()` never does, so the close goes ahead
    /// without it.
    func closeWhileThePageShowsDialogs() {
        closeAttempt = .none
        observers.send(.closeRequested)
    }

    /// Ends the web process, as a crash would; the view recovers on the next load or reload,
    /// or at once with `reloading` (the way out of a page stuck in a loop), its history kept.
    public func terminateWebProcess(reloading: Bool = false) {
        reloadsAfterTermination = reloading
        webkit_web_view_terminate_web_process(reference.pointer)
    }

    // MARK: State

    /// The page's title; nil when it has none or an empty one.
    public var title: String? {
        string(webkit_web_view_get_title(reference.pointer)).flatMap { $0.isEmpty ? nil : $0 }
    }
    /// The bridge reads it for every message (the caller's page): while it is unchanged, the
    /// string made last time is handed out again instead of a new one.
    public var uri: String? {
        guard let current = webkit_web_view_get_uri(reference.pointer) else { return nil }
        if let lastURI, lastURI.withCString({ strcmp($0, current) == 0 }) { return lastURI }
        lastURI = String(cString: current)
        return lastURI
    }
    /// WebKit's estimate of how far the current load has got, from 0 to 1; `.progressChanged`
    /// reports each change.
    public var estimatedProgress: Double { webkit_web_view_get_estimated_load_progress(reference.pointer) }
    /// Whether a load is in progress; `.loadingChanged` reports each change.
    public var isLoading: Bool { webkit_web_view_is_loading(reference.pointer) != 0 }
    /// Whether the history has a page to go back to; `.historyChanged` tells when it may have changed.
    public var canGoBack: Bool { webkit_web_view_can_go_back(reference.pointer) != 0 }
    /// Whether the history has a page to go forward to; `.historyChanged` tells when it may have changed.
    public var canGoForward: Bool { webkit_web_view_can_go_forward(reference.pointer) != 0 }
    /// Whether the web process answers: false while a page is stuck (a loop), a few seconds
    /// after it stopped answering; `.responsivenessChanged` reports each change.
    public var isWebProcessResponsive: Bool { webkit_web_view_get_is_web_process_responsive(reference.pointer) != 0 }
    /// The number WebKit gives the view's page, the same in the web process
    /// (`webkit_web_page_get_id`) for as long as the view lives: it tells a popup's page from
    /// its opener's, which run the same user scripts.
    public var pageID: UInt64 { UInt64(webkit_web_view_get_page_id(reference.pointer)) }
    /// Whether a WebDriver session drives this view (see `Automation`).
    public var isControlledByAutomation: Bool { webkit_web_view_is_controlled_by_automation(reference.pointer) != 0 }

    /// The view's settings, read back from WebKit each time; setting applies them to the view
    /// at once.
    public var settings: WebViewSettings {
        get { WebViewSettings(reading: webkit_web_view_get_settings(reference.pointer)) }
        set { newValue.apply(to: webkit_web_view_get_settings(reference.pointer)) }
    }

    /// Page zoom, 1 being 100%.
    public var zoomLevel: Double {
        get { webkit_web_view_get_zoom_level(reference.pointer) }
        set { webkit_web_view_set_zoom_level(reference.pointer, newValue) }
    }

    // MARK: Observing

    /// Calls `observer` with every event until the returned observation is dropped.
    public func observe(_ observer: @escaping @MainActor (WebViewEvent) -> Void) -> Observation {
        observers.add(observer)
    }

    /// Every event from now on, as an async sequence that ends when iteration stops.
    public var events: AsyncStream<WebViewEvent> {
        let (stream, continuation) = AsyncStream<WebViewEvent>.makeStream()
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in Task { @MainActor in observation.cancel() } }
        return stream
    }

    // MARK: Signals

    private func connectSignals() {
        let view = reference.raw
        let notify: [(String, @MainActor (WebView) -> WebViewEvent)] = [
            ("notify::title", { .titleChanged($0.title) }),
            ("notify::uri", { .uriChanged($0.uri) }),
            ("notify::estimated-load-progress", { .progressChanged($0.estimatedProgress) }),
            ("notify::is-loading", { .loadingChanged($0.isLoading) }),
            ("notify::is-web-process-responsive", { .responsivenessChanged(isResponsive: $0.isWebProcessResponsive) }),
        ]
        for (signal, event) in notify {
            connections.append(Signals.connect(view, signal) { [weak self] (_: Signals.Pointer) in
                guard let self else { return }
                observers.send(event(self))
            })
        }
        let history = UnsafeMutableRawPointer(webkit_web_view_get_back_forward_list(reference.pointer)!)
        connections.append(Signals.connect(history, "changed") { [weak self] (_: Signals.Pointer, _: Signals.Pointer) in
            guard let self else { return }
            saveSessionState()
            observers.send(.historyChanged)
        })
        // Before the navigation guard's: the error page's Reload link after an ended web process
        // is the view's own reload, with the history put back.
        connections.append(Signals.connect(view, "decide-policy") { [weak self] (decision: Signals.Pointer, type: Int32) -> Bool in
            guard let self, let decision, WebKitPolicyDecisionType(UInt32(type)) == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION,
                  let shown = shownFailure, shown.history != nil, shown.pageURI == uri else { return false }
            let navigation = decision.assumingMemoryBound(to: WebKitNavigationPolicyDecision.self)
            let action = webkit_navigation_policy_decision_get_navigation_action(navigation)
            guard let request = webkit_navigation_action_get_request(action),
                  string(webkit_uri_request_get_uri(request)) == shown.failedURI else { return false }
            webkit_policy_decision_ignore(decision.assumingMemoryBound(to: WebKitPolicyDecision.self))
            reload()
            return true
        })
        connections.append(Signals.connect(view, "load-changed") { [weak self] (event: Int32) in
            self?.loadChanged(WebKitLoadEvent(UInt32(event)))
        })
        connections.append(Signals.connect(view, "load-failed") { [weak self] (_: Int32, uri: Signals.Pointer, error: Signals.Pointer) -> Bool in
            guard let self, let uri, let error else { return false }
            return loadFailed(uri: String(cString: uri.assumingMemoryBound(to: CChar.self)),
                              error: error.assumingMemoryBound(to: GError.self))
        })
        connections.append(Signals.connect(view, "load-failed-with-tls-errors") { [weak self] (uri: Signals.Pointer, _: Signals.Pointer, flags: UInt32) -> Bool in
            guard let self, let uri else { return false }
            let failingURI = String(cString: uri.assumingMemoryBound(to: CChar.self))
            let error = LoadError(kind: .tlsCertificate, uri: failingURI,
                                  underlying: GLibError(domain: "GTlsCertificateFlags", code: Int(flags),
                                                        message: TLSFlags.describe(flags)))
            report(.load(error))
            return true
        })
        connections.append(Signals.connect(view, "web-process-terminated") { [weak self] (reason: Int32) in
            self?.webProcessTerminated(WebKitWebProcessTerminationReason(UInt32(reason)))
        })
        connections.append(Signals.connect(view, "close") { [weak self] in
            guard let self else { return }
            let declined = closeAttempt == .declined
            closeAttempt = .none
            if declined {
                Log.webKitGTK.debug("dropped WebKit's close after the user chose to stay")
            } else {
                observers.send(.closeRequested)
            }
        })
        connections.append(Signals.connect(view, "ready-to-show") { [weak self] in self?.observers.send(.readyToShow) })
        connections.append(Signals.connect(view, "script-dialog") { [weak self] (dialog: Signals.Pointer) -> Bool in
            guard let self, let presenter = scriptDialogPresenter, let dialog else { return false }
            present(ScriptDialog(retaining: OpaquePointer(dialog)), with: presenter)
            return true
        })
    }

    private func loadChanged(_ event: WebKitLoadEvent) {
        let uri = self.uri ?? ""
        switch event {
        case WEBKIT_LOAD_STARTED:
            hasWebProcess = true
            // A load WebKit refuses may start as about:blank: keep the address asked for.
            if uri != "about:blank" { startedURI = uri }
            observers.send(.load(.started(uri: uri)))
        case WEBKIT_LOAD_REDIRECTED: observers.send(.load(.redirected(uri: uri)))
        case WEBKIT_LOAD_COMMITTED:
            // A new page: WebKit's late close for the page the user stayed on cannot come any more.
            if closeAttempt == .declined { closeAttempt = .none }
            dialogLoopGuard.pageChanged()
            if let shown = shownFailure, shown.pageURI != uri { shownFailure = nil }
            if uri != "about:blank" { startedURI = nil }
            // A termination asked for before this page (of a process already gone) reloads nothing now.
            reloadsAfterTermination = false
            saveSessionState()
            observers.send(.load(.committed(uri: uri)))
        case WEBKIT_LOAD_FINISHED:
            observers.send(.load(.finished(uri: uri)))
            // WebKit reports no failure for a port it will not connect to: it shows about:blank.
            if uri == "about:blank", let started = startedURI, let port = Origin(uri: started)?.port {
                startedURI = nil
                report(.load(.restrictedPort(uri: started, port: port)))
            }
        default: break
        }
    }

    private func loadFailed(uri: String, error: UnsafeMutablePointer<GError>) -> Bool {
        guard let failure = LoadError(uri: uri, error: error) else { return false }
        report(.load(failure))
        return errorPage != nil
    }

    private func webProcessTerminated(_ reason: WebKitWebProcessTerminationReason) {
        hasWebProcess = false
        let termination: WebProcessTermination = switch reason {
        case WEBKIT_WEB_PROCESS_CRASHED: .crashed
        case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: .exceededMemoryLimit
        default: .terminatedByAPI
        }
        let uri = shownFailure?.failedURI ?? self.uri ?? "about:blank"
        let history = shownFailure?.history ?? sessionState
        let reloading = reloadsAfterTermination && termination == .terminatedByAPI
        reloadsAfterTermination = false
        observers.send(.webProcessTerminated(termination))
        if reloading { return reload(restoring: history) }
        guard termination == .crashed else {
            return report(.webProcessTerminated(termination, uri: uri), history: history)
        }
        switch crashLoopGuard.crashed() {
        case .reload: reload(restoring: history)
        case .stop(let crashes) where crashLoopGuard.automaticReloads == 0 && crashes == 1:
            report(.webProcessTerminated(termination, uri: uri), history: history)
        case .stop(let crashes): report(.keepsCrashing(uri: uri, crashes: crashes), history: history)
        }
    }

    /// Puts `history` back (when there is one) and loads its current page.
    private func reload(restoring history: WebViewSessionState?) {
        shownFailure = nil
        startingWebProcess(Self.reloading(history))
    }

    /// Puts `history` back into a view (when there is one) and loads its current page.
    private static func reloading(_ history: WebViewSessionState?) -> (UnsafeMutablePointer<WebKitWebView>) -> Void {
        { view in
            if let history { history.restore(into: view) }
            webkit_web_view_reload(view)
        }
    }

    /// Runs `load` on the view unless it needs a new web process that the sandbox cannot
    /// start (`WebContext.sandboxProblem`): bwrap would fail and WebKit abort the app. Then
    /// `held` (by default `load`) is kept for `reload()` and `.sandboxUnavailable` reported instead.
    private func startingWebProcess(_ load: @escaping (UnsafeMutablePointer<WebKitWebView>) -> Void,
                                    held: ((UnsafeMutablePointer<WebKitWebView>) -> Void)? = nil) {
        if !hasWebProcess, let problem = context.sandboxProblem {
            heldLoad = held ?? load
            return observers.send(.sandboxUnavailable(problem))
        }
        heldLoad = nil
        load(reference.pointer)
    }

    /// Error pages are not the user's place: what they replace is kept.
    private func saveSessionState() {
        guard shownFailure == nil else { return }
        sessionState = WebViewSessionState(of: reference.pointer)
    }

    private func report(_ failure: WebViewFailure, history: WebViewSessionState? = nil) {
        if case .load(let error) = failure { observers.send(.loadFailed(error)) }
        guard let errorPage else { return }
        if case .load(let error) = failure, error.kind == .restrictedPort {
            // Not even an error page loads under that address.
            shownFailure = (failure.uri, "about:blank", nil)
            load(html: errorPage(failure))
        } else {
            shownFailure = (failure.uri, failure.uri, history)
            let html = errorPage(failure)
            // Held back by the sandbox (an ended web process), Reload tries the page itself.
            startingWebProcess({ webkit_web_view_load_alternate_html($0, html, failure.uri, failure.uri) },
                               held: Self.reloading(history))
        }
    }
}

/// What the error page is shown for.
public enum WebViewFailure: Sendable, Equatable {
    /// A load failed, for this reason.
    case load(LoadError)
    /// The web process ended, for this reason, while the view showed `uri`.
    case webProcessTerminated(WebProcessTermination, uri: String)
    /// The web process showing `uri` crashed `crashes` times within `WebView.crashLoopGuard`'s
    /// window: the page is not reloaded by itself again.
    case keepsCrashing(uri: String, crashes: Int)

    /// The URI the failed page had; Retry loads it again.
    public var uri: String {
        switch self {
        case .load(let error): error.uri
        case .webProcessTerminated(_, let uri): uri
        case .keepsCrashing(let uri, _): uri
        }
    }
}

/// Names the problems in a `GTlsCertificateFlags` value.
enum TLSFlags {
    static func describe(_ flags: UInt32) -> String {
        let names: [(GTlsCertificateFlags, String)] = [
            (G_TLS_CERTIFICATE_UNKNOWN_CA, "signed by an unknown authority"),
            (G_TLS_CERTIFICATE_BAD_IDENTITY, "issued for another site"),
            (G_TLS_CERTIFICATE_NOT_ACTIVATED, "not yet valid"),
            (G_TLS_CERTIFICATE_EXPIRED, "expired"),
            (G_TLS_CERTIFICATE_REVOKED, "revoked"),
            (G_TLS_CERTIFICATE_INSECURE, "using an insecure algorithm"),
        ]
        let found = names.filter { flags & $0.0.rawValue != 0 }.map(\.1)
        return found.isEmpty ? "the certificate is not valid" : "the certificate is " + found.joined(separator: ", ")
    }
}
