/// What a `NavigationGuard` did with a navigation it did not let load; for the app's log.
public enum NavigationEvent: Sendable, Equatable {
    /// Cancelled here and handed to the `ExternalURIOpener`.
    case openedExternally(String)
    /// Cancelled here; the opener failed with `reason`.
    case openFailed(String, reason: String)
    /// Cancelled without opening anything.
    case refused(String)
    /// A new-window request for an allowed page, loaded in this view instead.
    case loadedInView(String)
}
