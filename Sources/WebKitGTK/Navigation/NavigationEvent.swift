import WebPolicy
/// What a `NavigationGuard` did with a navigation it did not let load; for the app's log.
public enum NavigationEvent: Sendable, Equatable {
    /// Cancelled here and handed to the `ExternalURIOpener`.
    case openedExternally(String)
    /// Cancelled here; the opener failed with `reason`.
    case openFailed(String, reason: String)
    /// Cancelled without opening anything.
    case refused(String)
    /// A link the user clicked (or a form they sent), cancelled without opening anything: the
    /// window should say so (`RefusedLinkNotice`), since the click otherwise does nothing.
    /// `frame` is where the click came from; `source` the page shown when it started.
    case refusedClick(String, frame: NavigationInitiator.Frame, source: String?)
    /// Cancelled because of who asked: it would have left the app or opened an app or file
    /// page, but lacked a user gesture in the page's own origin. Also logged as a warning.
    case refusedFromFrame(String, reason: NavigationRefusal)
    /// A new-window request for an allowed page, loaded in this view instead.
    case loadedInView(String)
    /// A new-window request for an allowed page, handed to `NavigationGuard.openNewWindow`.
    case openedInNewWindow(String)
    /// A new-window request refused because the user's gesture already opened
    /// `NavigationGuard.windowsPerGesture` windows (a page calling `window.open` in a loop):
    /// the page got `null`. The window should say so once.
    case refusedExtraWindow(String)
}
