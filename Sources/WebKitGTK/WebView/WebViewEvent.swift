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
    /// The web process ended; the view shows nothing until it is reloaded.
    case webProcessTerminated(WebProcessTermination)
    /// The page called `window.close()`.
    case closeRequested
}

/// The steps of a main-frame load, as WebKit reports them.
public enum LoadEvent: Sendable, Equatable {
    case started(uri: String)
    case redirected(uri: String)
    case committed(uri: String)
    case finished(uri: String)
}

/// Why the web process ended.
public enum WebProcessTermination: Sendable, Equatable {
    case crashed
    case exceededMemoryLimit
    case terminatedByAPI
}
