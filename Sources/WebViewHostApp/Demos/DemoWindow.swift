import GLibCore
import WebAppWindow
import WebKitGTK

/// What `webview-host` adds to each `AppWindow`: the demo handlers (`PageBridge`) and a
/// header-bar control for the page's colour, sensitive only where the page can take one.
@MainActor
public final class DemoWindow {
    /// The app's name: the window's title while the page has none.
    public nonisolated static let appName = "WebViewHost"

    public let pageBridge: PageBridge
    public let colourChooser = ComboBoxText(
        choices: PageColour.allCases.map { ($0.rawValue, $0.label) }, placeholder: tr("Page colour"),
        tooltip: tr("Page colour: calls the page’s changeBackgroundColor(colour)"))
    private var observations: [Observation] = []

    /// Every window of the app: the demos added by `DemoWindow(window:services:)`.
    public static func configuration(services: DemoServices = .shared) -> AppWindowConfiguration {
        AppWindowConfiguration(appName: appName, mode: .browser, about: HostApplication.about) { window in
            window.keep(DemoWindow(window: window, services: services))
        }
    }

    /// Adds the demos to `window`; the window should keep the result (`configuration` does).
    public init(window: AppWindow, services: DemoServices = .shared) {
        pageBridge = PageBridge(bridge: window.bridge, services: services)
        window.headerBar.packEnd(colourChooser)
        colourChooser.isSensitive = false
        observations.append(colourChooser.onChanged { [weak self] id in
            guard let self, let colour = id.flatMap(PageColour.init(rawValue:)), colourChooser.isSensitive else { return }
            pageBridge.changeBackgroundColour(to: colour)
        })
        observations.append(window.webView.observe { [weak self] event in
            guard let self else { return }
            // A new page starts in its own colour, and choosing any colour again must reach it.
            if case .load(.committed) = event {
                colourChooser.activeID = nil
                colourChooser.isSensitive = false
            }
            // The control acts only on trusted pages that define `changeBackgroundColor`.
            if case .load(.finished) = event {
                Task { [weak self] in
                    let offers = await self?.pageBridge.offersColourChange() ?? false
                    self?.colourChooser.isSensitive = offers
                }
            }
        })
    }
}
