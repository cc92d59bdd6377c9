import WebAppWindow
import WebKitGTK
import WebViewHostApp

/// A window as `webview-host` makes it (`DemoWindow.configuration`), sized for a test.
@MainActor
func makeWindow(webView: WebView? = nil, width: Int, height: Int, services: DemoServices = .shared) -> AppWindow {
    var configuration = DemoWindow.configuration(services: services)
    configuration.width = width
    configuration.height = height
    return AppWindow(webView: webView, configuration: configuration)
}

/// A 640×480 window as `makeWindow` makes it, whose view has an ephemeral context of its
/// own, with `scheme` registered in it when given: for a test that serves `app:` pages or
/// watches that context's downloads.
@MainActor
func makeWindowWithOwnContext(registering scheme: AppScheme? = nil) -> (window: AppWindow, context: WebContext) {
    let context = WebContext.ephemeral()
    if let scheme { context.register(scheme) }
    return (makeWindow(webView: WebView(context: context), width: 640, height: 480), context)
}

/// The same window and its context's downloads, saved where `chooser` says.
@MainActor
func makeDownloadingWindow(chooser: FixedChooser, registering scheme: AppScheme? = nil) -> (window: AppWindow, downloads: Downloads) {
    let (window, context) = makeWindowWithOwnContext(registering: scheme)
    return (window, Downloads(context: context, chooser: chooser))
}

/// The same window with its demos at hand: the colour control and the page bridge.
@MainActor
func makeDemoWindow(width: Int, height: Int) -> (AppWindow, DemoWindow) {
    let window = AppWindow(configuration: AppWindowConfiguration(appName: DemoWindow.appName, width: width, height: height))
    let demo = DemoWindow(window: window)
    window.keep(demo)
    return (window, demo)
}

/// Whether a window has closed since this began to watch it (its `onClosed`); stops
/// watching at `cancel()` or when dropped.
@MainActor
final class CloseWatch {
    private(set) var closed = false
    private var observation: Observation?

    init(_ window: AppWindow) {
        observation = window.onClosed { [weak self] in self?.closed = true }
    }

    func cancel() { observation?.cancel() }
}
