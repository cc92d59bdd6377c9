import WebKitGTK

/// One app window: a web view under a header bar with back, forward and reload/stop, a
/// progress bar over the page, a find bar (Ctrl+F), zoom and inspector keys, keyboard
/// shortcuts, native script dialogs, and a bridge to its pages with the demo handlers and a
/// header-bar control for the page's colour.
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
    public let findBar: FindBar
    public let shortcuts: KeyboardShortcuts
    public let dialogPresenter: GTKScriptDialogPresenter
    /// The pages' bridge, made before the view's first load.
    public let pageBridge: PageBridge
    public let colourChooser = ComboBoxText(
        choices: PageColour.allCases.map { ($0.rawValue, $0.label) }, placeholder: "Page colour",
        tooltip: "Page colour: calls the page's changeBackgroundColor(colour)")
    public let guards: WindowGuards
    private let headerBar = HeaderBar()
    private let overlay: Overlay
    private var observations: [Observation] = []
    /// Whether the app asked the page to close (the ×, Ctrl+W, Ctrl+Q, quitting): WebKit's own close request is honoured only
    /// then, since a frame of any origin can make it (`top.close()`); pages close through
    /// `WindowCloseScript`.
    private var isClosingOnRequest = false

    /// Builds the window around `webView` (a new one by default); call `show()` to put it on screen.
    public init(webView: WebView? = nil, width: Int32 = 1024, height: Int32 = 768,
                services: DemoServices = .shared) {
        self.webView = webView ?? WebView()
        pageBridge = PageBridge(view: self.webView, services: services)
        window = Window(title: NavigationState.appName, width: width, height: height)
        shortcuts = KeyboardShortcuts(window: window)
        dialogPresenter = GTKScriptDialogPresenter(parent: window)
        guards = WindowGuards(view: self.webView, window: window)
        overlay = Overlay(child: self.webView.widget)
        findBar = FindBar(find: FindInPage(webView: self.webView))
        progressBar.addStyleClass("osd")
        overlay.add(progressBar, along: .top)
        headerBar.packStart(backButton)
        headerBar.packStart(forwardButton)
        headerBar.packStart(reloadButton)
        headerBar.packEnd(colourChooser)
        window.setTitleBar(headerBar)
        let content = Box(.vertical)
        content.append(findBar)
        content.append(overlay, expands: true)
        window.setChild(content)
        self.webView.scriptDialogPresenter = dialogPresenter
        WindowCloseScript.install(on: pageBridge.bridge, in: self.webView.userContent) { [weak self] in self?.close() }
        // The ×: the page's beforeunload handler may keep the window (WebKit then reports nothing).
        window.onCloseRequest { [weak self] in self?.requestClose(); return false }
        connectControls()
        bindShortcuts()
        bindPageTools()
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
    /// allowed in the window and may call the bridge from now on; links elsewhere open in
    /// the system browser.
    public func load(uri: String) {
        guards.allow(uri: uri)
        pageBridge.bridge.trust(.page(uri))
        webView.load(uri: uri)
    }

    /// Shows a short status line under the title (a download's progress); nil removes it.
    public func showStatus(_ text: String?) {
        headerBar.subtitle = text
    }

    /// The status line shown now.
    public var status: String? { headerBar.subtitle }

    /// Asks the page first: its `beforeunload` handler may have the user stay; otherwise
    /// the window closes (through the view's close request). The ×, Ctrl+W and Ctrl+Q go here.
    public func requestClose() {
        isClosingOnRequest = true
        webView.tryClose()
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
        observations.append(colourChooser.onChanged { [weak self] id in
            guard let colour = id.flatMap(PageColour.init(rawValue:)) else { return }
            self?.pageBridge.changeBackgroundColour(to: colour)
        })
        observations.append(webView.observe { [weak self] event in
            guard let self else { return }
            // A new page starts in its own colour, and choosing any colour again must reach it.
            if case .load(.committed) = event { colourChooser.activeID = nil; isClosingOnRequest = false }
            if case .closeRequested = event {
                if isClosingOnRequest { close() }
            } else {
                apply(state)
            }
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
            // Both let the page's beforeunload handler ask first.
            ("<Control>w", { $0.requestClose(); return true }),
            ("<Control>q", { $0.requestClose(); return true }),
        ]
        for (accelerator, action) in actions {
            shortcuts.add(accelerator) { [weak self] in self.map(action) ?? false }
        }
    }

    /// Zoom, find, and the inspector when the view has developer extras (`--devtools`).
    private func bindPageTools() {
        let view = webView
        shortcuts.add(KeyboardShortcuts.zoomIn) { [weak view] in view?.zoomIn(); return true }
        shortcuts.add(KeyboardShortcuts.zoomOut) { [weak view] in view?.zoomOut(); return true }
        shortcuts.add(KeyboardShortcuts.resetZoom) { [weak view] in view?.resetZoom(); return true }
        shortcuts.add(KeyboardShortcuts.find) { [weak findBar] in findBar?.reveal(); return true }
        if view.settings.developerExtrasEnabled {
            shortcuts.add(KeyboardShortcuts.inspector) { [weak view] in view?.showInspector(); return true }
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
