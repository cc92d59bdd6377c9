import WebKitGTK

/// What stands between one window's pages and the desktop: which pages load in the window
/// (others go to the system browser), permission prompts remembered per origin for the
/// session, HTTP authentication dialogs, and a notice when a link for another program
/// could not be opened or a link the user clicked was refused (`RefusedLinkNotice`).
@MainActor
public final class WindowGuards {
    /// The app's own pages' origin, `app://localhost`.
    public static let appOrigin = Origin(scheme: "app", host: "localhost")
    /// One session's permission answers, shared by every window.
    public static let sessionPermissions = PermissionStore()

    /// Decides what loads in the window and hands other pages to the system browser.
    public let navigation: NavigationGuard
    /// Answers the pages' permission requests with a prompt, remembered in its store (by
    /// default `sessionPermissions`, shared by every window).
    public let permissions: PermissionGuard
    /// Answers HTTP authentication challenges with a log-in dialog.
    public let authentication: AuthenticationGuard
    private var openFailures: Observation?

    /// Shows the app's own pages (`app://localhost`) and those the app names with `allow(uri:)`.
    public init(view: WebView, window: Window, permissionStore: PermissionStore = WindowGuards.sessionPermissions) {
        navigation = NavigationGuard(view: view, policy: NavigationPolicy(allowing: [.origin(Self.appOrigin)]),
                                     opener: SystemURIOpener(parent: window))
        permissions = PermissionGuard(view: view, prompter: GTKPermissionPrompter(parent: window), store: permissionStore)
        authentication = AuthenticationGuard(view: view, prompter: GTKAuthenticationPrompter(parent: window))
        openFailures = navigation.observe { [weak window, weak view, weak navigation] event in
            switch event {
            case .openFailed(let uri, let reason):
                OpenFailureNotice.show(uri: uri, reason: reason, over: window)
            case .refusedClick(let uri, let frame, let source):
                RefusedLinkNotice.show(uri: uri, frame: frame, source: source, over: window) { [weak view, weak navigation] uri in
                    // Shown, not trusted: the bridge's trust is not widened.
                    navigation?.policy.allow(uri: uri)
                    view?.load(uri: uri)
                }
            default:
                break
            }
        }
    }

    /// Lets the page at `uri` load in the window: its origin, or for a file its directory.
    public func allow(uri: String) {
        navigation.policy.allow(uri: uri)
    }
}
