import WebKitGTK

/// One app window: a web view under a header bar with back, forward and reload/stop, a
/// progress bar over the page, keyboard shortcuts and native script dialogs.
///
/// The chrome follows the view's events through `NavigationState`, so what it shows is
/// `state` applied to the widgets, nothing else. Everything this controller connects is
/// owned by it and goes away with it.
@MainActor
public final class BrowserWindowController {
    public let window: Window
    public let webView: WebView
    public let backButton = Button(iconName: "go-previous-symbolic", tooltip: "Back (Alt+Left)")
    public let forwardButton = Button(iconName: "go-next-symbolic", tooltip: "Forward (Alt+Right)")
    public let reloadButton = Button(iconName: "view-refresh-symbolic", tooltip: "Reload (F5)")
    public let progressBar = ProgressBar()
    public let shortcuts: KeyboardShortcuts
    public let dialogPresenter: GTKScriptDialogPresenter
    public let guards: WindowGuards
    private let headerBar = HeaderBar()
    private let overlay: Overlay
    private var observations: [Observation] = []

    /// Builds the window around `webView` (a new one by default); call `show()` to put it on screen.
    public init(webView: WebView? = nil, width: Int32 = 1024, height: Int32 = 768) {
        self.webView = webView ?? WebView()
        window = Window(title: NavigationState.appName, width: width, height: height)
        shortcuts = KeyboardShortcuts(window: window)
        dialogPresenter = GTKScriptDialogPresenter(parent: window)
        guards = WindowGuards(view: self.webView, window: window)
        overlay = Overlay(child: self.webView.widget)
        progressBar.addStyleClass("osd")
        overlay.add(progressBar, along: .top)
        headerBar.packStart(backButton)
        headerBar.packStart(forwardButton)
        headerBar.packStart(reloadButton)
        window.setTitleBar(headerBar.widget)
        window.setChild(overlay.widget)
        self.webView.scriptDialogPresenter = dialogPresenter
        WindowCloseScript.install(in: self.webView.userContent) { [weak self] in self?.close() }
        connectControls()
        bindShortcuts()
        apply(state)
    }

    /// The chrome's state, read from the web view now.
    public var state: NavigationState {
        NavigationState(pageTitle: webView.title, uri: webView.uri, canGoBack: webView.canGoBack,
                        canGoForward: webView.canGoForward, isLoading: webView.isLoading,
                        progress: webView.estimatedProgress)
    }

    public func show() {
        window.showAll()
        progressBar.isVisible = state.isProgressVisible
        window.present()
    }

    /// Shows a page the app names (the start page): it, or its directory for a file, is
    /// allowed in the window from now on; links elsewhere open in the system browser.
    public func load(uri: String) {
        guards.allow(uri: uri)
        webView.load(uri: uri)
    }

    /// Closes the window now, without asking the page.
    public func close() {
        window.close()
    }

    /// Calls `observer` once the window is gone.
    public func onClosed(_ observer: @escaping @MainActor () -> Void) -> Observation {
        window.onClosed(observer)
    }

    // MARK: Wiring

    private func connectControls() {
        observations.append(backButton.onClicked { [weak self] in self?.webView.goBack() })
        observations.append(forwardButton.onClicked { [weak self] in self?.webView.goForward() })
        observations.append(reloadButton.onClicked { [weak self] in self?.reloadOrStop() })
        observations.append(webView.observe { [weak self] event in
            guard let self else { return }
            if case .closeRequested = event { close() } else { apply(state) }
        })
    }

    private func bindShortcuts() {
        let actions: [(String, @MainActor (BrowserWindowController) -> Bool)] = [
            ("<Alt>Left", { $0.webView.goBack(); return true }),
            ("<Alt>Right", { $0.webView.goForward(); return true }),
            ("F5", { $0.webView.reload(); return true }),
            ("<Control>r", { $0.webView.reload(); return true }),
            // Escape belongs to the page unless there is a load to stop.
            ("Escape", { controller in
                guard controller.webView.isLoading else { return false }
                controller.webView.stopLoading()
                return true
            }),
            // Ctrl+W lets the page's beforeunload handler ask first; Ctrl+Q closes outright.
            ("<Control>w", { $0.webView.tryClose(); return true }),
            ("<Control>q", { $0.close(); return true }),
        ]
        for (accelerator, action) in actions {
            shortcuts.add(accelerator) { [weak self] in self.map(action) ?? false }
        }
    }

    private func reloadOrStop() {
        if webView.isLoading { webView.stopLoading() } else { webView.reload() }
    }

    private func apply(_ state: NavigationState) {
        if window.title != state.windowTitle { window.title = state.windowTitle }
        backButton.isSensitive = state.isBackEnabled
        forwardButton.isSensitive = state.isForwardEnabled
        reloadButton.isSensitive = state.isReloadEnabled
        let reloadIcon = state.reloadActsAsStop ? "process-stop-symbolic" : "view-refresh-symbolic"
        if reloadButton.iconName != reloadIcon { reloadButton.setIcon(name: reloadIcon) }
        reloadButton.tooltip = state.reloadActsAsStop ? "Stop (Escape)" : "Reload (F5)"
        progressBar.fraction = state.progress
        progressBar.isVisible = state.isProgressVisible
    }
}
