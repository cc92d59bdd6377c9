/// What a web view reports to its observers, in the order it happens.
public enum WebViewEvent: Sendable, Equatable {
    /// The page's title changed (`nil` when the page has none).
    case titleChanged(String?)
    /// The active URI changed.
    case uriChanged(String?)
    /// The estimated load progress changed, from 0 to 1.
    case progressChanged(Double)
    /// Loading started or stopped.
    case loadingChanged(Bool)
    /// Back/forward history changed: `canGoBack` or `canGoForward` may differ.
    case historyChanged
    /// A step of a main-frame load.
    case load(LoadEvent)
    /// A load failed (not reported for loads that were merely cancelled or replaced).
    case loadFailed(LoadError)
    /// The web process ended; the view shows an error page until it is reloaded, or, after a
    /// crash `WebView.crashLoopGuard` lets it reload, the page again with its history.
    case webProcessTerminated(WebProcessTermination)
    /// The web process stopped answering (a page stuck in a loop; WebKit notices after a few
    /// seconds) or answers again.
    case responsivenessChanged(isResponsive: Bool)
    /// The page called `window.close()`, or after `tryClose()` the page may close: its
    /// `beforeunload` handler let it go, or it kept showing dialogs and could not be asked.
    case closeRequested
    /// The view of a popup (`WebView(relatedTo:)`) has its page and window features: show it now.
    case readyToShow
    /// The view needed a new web process (its first load, or any after the last one ended)
    /// and the context's sandbox cannot start one (WebKit would abort the app): nothing was
    /// loaded, not even an error page. `reload()` tries again once the path is mended.
    case sandboxUnavailable(SandboxPathProblem)
}

/// The steps of a main-frame load, as WebKit reports them.
public enum LoadEvent: Sendable, Equatable {
    /// A load began, of `uri` (`about:blank` for an address WebKit refuses outright).
    case started(uri: String)
    /// The server redirected the load, to `uri`.
    case redirected(uri: String)
    /// The response arrived and the new document replaces the old one: `uri` is now the
    /// page's address (its document-start scripts may not have run yet).
    case committed(uri: String)
    /// The load ended, whether it completed or failed (a failure is reported on its own).
    case finished(uri: String)
}

/// Why the web process ended.
public enum WebProcessTermination: Sendable, Equatable {
    /// The web process crashed.
    case crashed
    /// WebKit ended it for using more memory than it allows.
    case exceededMemoryLimit
    /// The app ended it (`WebView.terminateWebProcess()`).
    case terminatedByAPI
}
