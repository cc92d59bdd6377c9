import WebAppWindow
import WebKitGTK
import WebViewHostApp

/// A window as `webview-host` makes it (`DemoWindow.configuration`), sized for a test.
@MainActor
func makeWindow(webView: WebView? = nil, width: Int32, height: Int32, services: DemoServices = .shared) -> AppWindow {
    var configuration = DemoWindow.configuration(services: services)
    configuration.width = width
    configuration.height = height
    return AppWindow(webView: webView, configuration: configuration)
}

/// The same window with its demos at hand: the colour control and the page bridge.
@MainActor
func makeDemoWindow(width: Int32, height: Int32) -> (AppWindow, DemoWindow) {
    let window = AppWindow(configuration: AppWindowConfiguration(appName: DemoWindow.appName, width: width, height: height))
    let demo = DemoWindow(window: window)
    window.keep(demo)
    return (window, demo)
}
