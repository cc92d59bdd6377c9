import GLibCore
import DesktopServices
import GLibLog
import FoundationEssentials
import WebBridge
import WebBridgeGTK
import WebKitGTK

/// One app window: a web view under a header bar with the page's title and a progress bar
/// (and, in a browser's window, back, forward and reload/stop), native script dialogs, the navigation guard with its
/// permission and HTTP-auth prompts, error pages, a find bar, zoom, the inspector, keyboard
/// shortcuts, a bar for a page that stops responding (Wait / Reload), and a bridge to its
/// trusted pages.
///
/// The app says what differs in an `AppWindowConfiguration`: its name, which pages it trusts,
/// which tools are on, an app's or a browser's window (`AppWindowMode`), what its own pages
/// may do unasked (`AppPermissions`), and a `setUp` that adds its handlers, header-bar
/// widgets, keys and context-menu items.
/// The chrome follows the view's events through `NavigationState`, so what it shows is
/// `state` applied to the widgets, nothing else. Everything this window connects is owned
/// by it and goes away with it.
@MainActor
public final class AppWindow {
    /// What the app decided about this window, as given at init.
    public let configuration: AppWindowConfiguration
    public let window: Window
    /// The view showing the window's pages; its events drive the chrome.
    public let webView: WebView
    /// The pages' bridge, made before the view's first load. Only trusted pages get `window.bridge`.
    public let bridge: WebViewBridge
    /// Back, forward and reload/stop at the start in a browser's window; the app's widgets go
    /// at the end (`packEnd`).
    public let headerBar = HeaderBar()
    /// The app that made the window (`WebApplication.makeWindow`), there already in `setUp`:
    /// to open another window or reach every window from a handler. Nil for a window made alone.
    public private(set) weak var application: WebApplication?
    /// The view's context menu: the app's own items (`contextMenu.add`), and in an app's
    /// window none of the browser's.
    public let contextMenu: AppContextMenu
    /// Asks the user for files, a folder or where to save, over this window (the portal's
    /// dialog, or GTK's); the pages' chooser (`PageServices.fileChooser`) is this one too.
    public lazy var fileChooser = FileChooser(parent: window)
    /// Files dropped onto the page, with their paths (`onDroppedFiles`); the page gets them
    /// as `File`s too, as in any browser.
    public let drops: DropTarget
    /// Goes back in the view's history; insensitive with nothing to go back to. In the header
    /// bar of a browser's window only.
    public let backButton = Button(iconName: "go-previous-symbolic", name: tr("Back"), tooltip: tr("Back (Alt+Left)"))
    /// Goes forward in the view's history; insensitive with nothing to go forward to.
    public let forwardButton = Button(iconName: "go-next-symbolic", name: tr("Forward"), tooltip: tr("Forward (Alt+Right)"))
    /// Reloads the page, or stops the load while one is in progress (its icon and tooltip follow).
    public let reloadButton = Button(iconName: "view-refresh-symbolic", name: tr("Reload"), tooltip: tr("Reload (F5)"))
    /// The load's progress, over the top of the page, shown only while loading.
    public let progressBar = ProgressBar()
    /// The find bar above the page; in the window only when its tools include `.find`.
    public let findBar: FindBar
    /// The window's keys; a later binding of an accelerator wins, so an app can take one over.
    /// The page gets each key first and may keep it with `preventDefault()`, except the
    /// reserved ones (Ctrl+Q, Ctrl+W, and those the app reserves with `shortcuts.reserve(_:)`).
    public let shortcuts: KeyboardShortcuts
    /// Shows the page's `alert`, `confirm`, `prompt` and `beforeunload` dialogs over the window.
    public let dialogPresenter: GTKScriptDialogPresenter
    /// The window's navigation guard and permission and log-in prompts: what keeps its pages
    /// from reaching the desktop on their own.
    public let guards: WindowGuards
    /// The primary menu (at the header bar's end, F10) and its commands: New Window, zoom, Find,
    /// Print, Full Screen, Keyboard Shortcuts, About.
    public let commands: WindowCommands
    /// "This page is not responding", with Wait and Reload, above the page while its web
    /// process does not answer; hidden otherwise.
    public var unresponsivePageBar: InfoBar { unresponsivePage.bar }
    /// "This page cannot be shown: the sandbox cannot reach …", with Reload, above the blank
    /// page while a path of the web process sandbox cannot be bound; hidden otherwise.
    public var sandboxProblemBar: InfoBar { sandboxProblem.bar }
    /// "This page tried to open another window at once; it was blocked.", above the page once
    /// one gesture asked for more windows than `NavigationGuard.windowsPerGesture` (the
    /// page's extra `window.open` calls got `null`); hidden otherwise.
    public var blockedPopupsBar: InfoBar { blockedPopups.bar }
    /// The popups this window's pages opened with `window.open`, while they are open: each
    /// an `AppWindow` around a view related to this one (`WebView(relatedTo:)`), so the pages
    /// hold real window proxies of each other (`opener`, `postMessage`, `closed`). A popup may
    /// show what this window may show (its navigation policy is copied). Its pages get no
    /// `window.bridge`: WebKit runs them with this window's scripts and message handlers, so
    /// a bridge there could only be this window's, judged by this window's page; the page
    /// client, told which view it runs in, stays out of them (see `BridgeWebView.pageIdentifier`).
    /// A popup closes when its page asks (`window.close()`, after its `beforeunload`), as a
    /// window a script opened may.
    public private(set) var popups: [AppWindow] = []
    /// Makes the window around a popup's view: the app sets it so popups are windows of the app
    /// (`WebApplication.makeWindow(for:)`); nil makes one of this window's configuration, closed
    /// with this window. A nil answer refuses the popup (the page's `window.open` returns `null`).
    public var makePopupWindow: (@MainActor (WebView) -> AppWindow?)?
    /// The session's downloads, once `listDownloads(of:)` adds the button.
    public private(set) var downloadsButton: DownloadsButton?
    private let overlay: Overlay
    private let mouseButtons: MouseHistoryButtons?
    private var observations: [Observation] = []
    private var kept: [AnyObject] = []
    private let untrustedPages: UntrustedPageWarning
    private let unresponsivePage: UnresponsivePageBar
    private let sandboxProblem: SandboxProblemBar
    private let blockedPopups: BlockedPopupsBar
    /// Whether the app asked the page to close (the ×, Ctrl+W, Ctrl+Q, quitting): WebKit's own close request is honoured only
    /// then, since a frame of any origin can make it (`top.close()`); pages close through
    /// `WindowCloseScript`.
    private var isClosingOnRequest = false
    /// Whether WebKit's close request closes the window whoever made it: a popup's, which a
    /// script opened and a script may close.
    private var closesWhenThePageAsks = false

    /// Builds the window around `webView` (a new one by default); call `show()` to put it on screen.
    public convenience init(webView: WebView? = nil, configuration: AppWindowConfiguration) {
        self.init(webView: webView, configuration: configuration, application: nil)
    }

    /// A window of `application`, which its `setUp` can reach.
    init(webView: WebView?, configuration: AppWindowConfiguration, application: WebApplication?) {
        self.configuration = configuration
        self.application = application
        self.webView = webView ?? WebView()
        bridge = WebViewBridge(view: self.webView)
        window = Window(title: configuration.appName, width: configuration.width, height: configuration.height)
        shortcuts = KeyboardShortcuts(window: window)
        dialogPresenter = GTKScriptDialogPresenter(parent: window)
        dialogPresenter.shortcuts = shortcuts
        guards = WindowGuards(view: self.webView, window: window)
        overlay = Overlay(child: self.webView.widget)
        findBar = FindBar(find: FindInPage(webView: self.webView))
        commands = WindowCommands(window: window, webView: self.webView, shortcuts: shortcuts,
                                  findBar: configuration.tools.contains(.find) ? findBar : nil,
                                  showsZoom: configuration.tools.contains(.zoom), about: configuration.about)
        let isBrowser = configuration.mode == .browser
        mouseButtons = isBrowser ? MouseHistoryButtons(view: self.webView) : nil
        contextMenu = AppContextMenu(view: self.webView, removesBrowserItems: !isBrowser)
        guards.permissions.declaredAnswers = configuration.permissions.answers(for: WindowGuards.appOrigin)
        drops = DropTarget(widget: self.webView.widget)
        untrustedPages = UntrustedPageWarning(bridge: bridge, navigation: guards.navigation)
        unresponsivePage = UnresponsivePageBar(view: self.webView, waitAgain: configuration.unresponsivePageWait)
        sandboxProblem = SandboxProblemBar(view: self.webView)
        blockedPopups = BlockedPopupsBar(view: self.webView, navigation: guards.navigation)
        progressBar.addStyleClass("osd")
        overlay.add(progressBar, along: .top)
        if isBrowser {
            headerBar.packStart(backButton)
            headerBar.packStart(forwardButton)
            headerBar.packStart(reloadButton)
        } else {
            // In no window, so hidden: GTK 4 makes every new widget visible, GTK 3 none.
            [backButton, forwardButton, reloadButton].forEach { $0.isVisible = false }
        }
        headerBar.packEnd(commands.menu)
        window.setTitleBar(headerBar)
        let content = Box(.vertical)
        if configuration.tools.contains(.find) { content.append(findBar) }
        content.append(unresponsivePage.bar)
        content.append(sandboxProblem.bar)
        content.append(blockedPopups.bar)
        content.append(overlay, expands: true)
        window.setChild(content)
        self.webView.scriptDialogPresenter = dialogPresenter
        // As a browser closes a window on `window.close()`: the page's beforeunload asks first.
        WindowCloseScript.install(on: bridge, in: self.webView.userContent) { [weak self] in self?.requestClose() }
        // The ×: the page's beforeunload handler may keep the window (WebKit then reports nothing).
        window.onCloseRequest { [weak self] in self?.requestClose(); return false }
        configuration.trusted.forEach(trust)
        guards.navigation.openPopup = { [weak self] uri in self?.openPopup(for: uri) }
        connectControls()
        // With no page there is no web process to hand an unused key back.
        shortcuts.pageFirst = { [weak self] in self?.webView.uri != nil }
        bindShortcuts()
        bindPageTools()
        apply(state)
        keep(drops.onDrop { [untrustedPages] files in untrustedPages.handedOver(files) })
        offer(configuration.pageServices)
        declareNotifications(configuration.permissions.notifications)
        configuration.setUp(self)
    }

    /// The app's own pages read a declared grant of notifications as `Notification.permission`
    /// "granted" before they ask (the guard answers a request the same way).
    private func declareNotifications(_ decision: AppPermissions.Decision) {
        let origin = [WindowGuards.appOrigin]
        // A declared denial is answered at the page's request (WebKit reads it as "default" before).
        guard decision == .granted else { return }
        keep(webView.context.initializeNotificationPermissions(allowed: origin, denied: []))
    }

    /// The chrome's state, read from the web view now.
    public var state: NavigationState {
        NavigationState(appName: configuration.appName, pageTitle: webView.title, uri: webView.uri,
                        canGoBack: webView.canGoBack, canGoForward: webView.canGoForward,
                        isLoading: webView.isLoading, progress: webView.estimatedProgress)
    }

    /// Puts the window and everything in it on screen, in front; the progress bar shows only
    /// while a load is in progress.
    public func show() {
        // The page takes the keys first, as a browser's does. Shown with none focused, GTK would
        // give them to the first widget that takes focus: on GTK 4 a button of the title bar.
        if window.focusedWidget == nil { webView.focus() }
        window.showAll()
        progressBar.isVisible = state.isProgressVisible
        window.present()
    }

    /// Lets `pages` load in the window and call its bridge, from now on.
    public func trust(_ pages: TrustedPages) {
        guards.allow(uri: pages.uri)
        bridge.trust(pages.callers)
    }

    /// Shows a page the app names (the start page): it, or its directory for a file, is
    /// trusted from now on (`trust(.page(uri))`); links elsewhere open in the system browser.
    public func load(uri: String) {
        trust(.page(uri))
        webView.load(uri: uri)
    }

    /// Keeps `object` (a controller of the app's widgets, an observation) as long as the window.
    public func keep(_ object: AnyObject) {
        kept.append(object)
    }

    /// Adds the header bar's downloads button over the app's `downloads`; its files open on
    /// the desktop (`DesktopFileOpener`) unless another `opener` is given.
    public func listDownloads(of downloads: Downloads, opener: FileOpener? = nil) {
        let button = DownloadsButton(downloads: downloads, opener: opener ?? DesktopFileOpener(parent: window))
        headerBar.packEnd(button)
        shortcuts.takeKeys(fromPopoverOf: button)
        downloadsButton = button
        untrustedPages.follow(downloads)
    }

    /// Shows a short status line under the title (a download's progress) in place of the
    /// page's origin, until the next page; nil puts the origin back.
    public func showStatus(_ text: String?) {
        status = text
        apply(state)
    }

    /// The status line shown now, if any.
    public private(set) var status: String?

    /// The line under the title now: the status, or where the page comes from (`NavigationState.subtitle`).
    public var subtitle: String? { headerBar.subtitle }

    /// Asks the page first: its `beforeunload` handler may have the user stay; otherwise
    /// the window closes (through the view's close request). The ×, Ctrl+W and Ctrl+Q go here.
    ///
    /// A page waiting on its own `alert`, `confirm` or `prompt` cannot be asked: closing
    /// answers that dialog (Cancel) first, and if the page shows yet another instead of
    /// going on, the window closes without asking it (`WebView.tryClose()`). With the page's
    /// "Leave this page?" question on screen nothing more is asked: the user answers it.
    public func requestClose() {
        isClosingOnRequest = true
        guard dialogPresenter.visibleKind != .beforeUnloadConfirm else { return }
        webView.tryClose()
        dialogPresenter.visibleDialog?.respond(.cancel)
    }

    /// Closes the window now, without asking the page.
    public func close() {
        window.close()
    }

    /// Calls `action` every `interval` (`.seconds(1)`) on the loop for as long as the window
    /// is open (a clock, a poll); cancel the returned source to stop sooner.
    @discardableResult
    public func every(_ interval: Duration, _ action: @escaping @MainActor () -> Void) -> TimeoutSource {
        let source = MainLoop.every(interval, action)
        keep(onClosed { source.cancel() })
        return source
    }

    /// `every(.milliseconds(milliseconds))`.
    @available(*, deprecated, renamed: "every(_:_:)", message: "pass a Duration: every(.seconds(1))")
    @discardableResult
    public func every(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> TimeoutSource {
        every(.milliseconds(milliseconds), action)
    }

    /// Calls `observer` with the paths of the local files of each drop onto the window.
    public func onDroppedFiles(_ observer: @escaping @MainActor ([String]) -> Void) -> Observation {
        drops.onDrop { files in observer(files.map(\.path)) }
    }

    /// Calls `observer` once the window is gone.
    public func onClosed(_ observer: @escaping @MainActor () -> Void) -> Observation {
        window.onClosed(observer)
    }

    // MARK: Wiring

    /// The view for a popup of `uri` (which WebKit loads), in a new window shown when WebKit
    /// says it is ready; nil when the app declined to make the window, or when pages cannot
    /// tell this view from the popup's (no web process extension).
    private func openPopup(for uri: String) -> WebView? {
        // Pages that cannot tell their view from this one's would get this window's bridge.
        guard bridge.webView.pageIdentifier != nil else { return nil }
        let view = WebView(settings: webView.settings, relatedTo: webView)
        let popup: AppWindow
        if let makePopupWindow {
            guard let made = makePopupWindow(view) else { return nil }
            popup = made
        } else {
            popup = AppWindow(webView: view, configuration: configuration)
            observations.append(onClosed { [weak popup] in popup?.close() })
        }
        popup.guards.navigation.policy = guards.navigation.policy
        popup.guards.navigation.openedBy = webView.uri
        popup.bridge.trust(bridge.callers)
        popup.closesWhenThePageAsks = true
        popups.append(popup)
        let key = ObjectIdentifier(popup)
        popup.keep(view.observe { [weak popup] event in
            if case .readyToShow = event { popup?.show() }
        })
        popup.keep(popup.onClosed { [weak self] in
            Task { @MainActor in self?.popups.removeAll { ObjectIdentifier($0) == key } }
        })
        return view
    }

    private func connectControls() {
        observations.append(backButton.onClicked { [weak self] in self?.webView.goBack() })
        observations.append(forwardButton.onClicked { [weak self] in self?.webView.goForward() })
        observations.append(reloadButton.onClicked { [weak self] in self?.reloadOrStop() })
        observations.append(webView.observe { [weak self] event in
            guard let self else { return }
            if case .load(.committed) = event {
                isClosingOnRequest = false
                status = nil
                if let uri = webView.uri { untrustedPages.pageCommitted(uri) }
            }
            if case .closeRequested = event {
                if isClosingOnRequest || closesWhenThePageAsks { close() }
            } else {
                apply(state)
            }
        })
    }

    /// The browser's keys in a browser's window only; Ctrl+W and Ctrl+Q in every window.
    private func bindShortcuts() {
        let browserKeys: [(KeyboardShortcut, @MainActor (AppWindow) -> Bool)] = [
            // Reserved: WebKit's own default for an arrow key the page leaves alone is to
            // scroll, with any modifier, so Alt+Left would never come back from the page.
            (KeyboardShortcut(["<Alt>Left"], title: tr("Back"), group: tr("Navigation"), isReserved: true), { $0.webView.goBack(); return true }),
            (KeyboardShortcut(["<Alt>Right"], title: tr("Forward"), group: tr("Navigation"), isReserved: true), { $0.webView.goForward(); return true }),
            (KeyboardShortcut(["F5", "<Control>r"], title: tr("Reload"), group: tr("Navigation")), { $0.webView.reload(); return true }),
            // Escape belongs to the page unless there is a load to stop.
            (KeyboardShortcut(["Escape"], title: tr("Stop loading"), group: tr("Navigation")), { window in
                guard window.webView.isLoading else { return false }
                window.webView.stopLoading()
                return true
            }),
        ]
        let windowKeys: [(KeyboardShortcut, @MainActor (AppWindow) -> Bool)] = [
            // Both let the page's beforeunload handler ask first; reserved, so no page keeps them.
            (KeyboardShortcut(["<Control>w"], title: tr("Close the window"), group: tr("Window"), isReserved: true), { $0.requestClose(); return true }),
            (KeyboardShortcut(["<Control>q"], title: tr("Quit"), group: tr("Window"), isReserved: true), { $0.requestClose(); return true }),
        ]
        for (shortcut, action) in (configuration.mode == .browser ? browserKeys : []) + windowKeys {
            shortcuts.add(shortcut) { [weak self] in self.map(action) ?? false }
        }
    }

    /// The tools the configuration turns on (Find is `commands`'); the inspector only when the
    /// view has developer extras.
    private func bindPageTools() {
        let view = webView
        let tools = configuration.tools
        if tools.contains(.zoom) {
            shortcuts.add(KeyboardShortcuts.zoomIn) { [weak view] in view?.zoomIn(); return true }
            shortcuts.add(KeyboardShortcuts.zoomOut) { [weak view] in view?.zoomOut(); return true }
            shortcuts.add(KeyboardShortcuts.resetZoom) { [weak view] in view?.resetZoom(); return true }
        }
        if tools.contains(.inspector) && view.settings.developerExtrasEnabled {
            shortcuts.add(KeyboardShortcuts.inspector) { [weak view] in view?.showInspector(); return true }
        }
    }

    /// Gives the trusted pages the services the app allows them.
    private func offer(_ services: PageServices) {
        if services.contains(.fileChooser) {
            bridge.add(PageFileChooser.handler { [weak self] in self?.fileChooser })
        }
        if !services.isDisjoint(with: [.droppedFilePaths, .droppedFiles]) { offerDrops(services) }
    }

    /// Sends `filesDropped` for each drop, with what `services` allow the page of it.
    private func offerDrops(_ services: PageServices) {
        let grants = DroppedFileGrants()
        if services.contains(.droppedFiles) {
            bridge.add(PageDroppedFiles.handler { [weak grants] in grants })
            keep(webView.observe { event in
                if case .load(.committed) = event { grants.revokeAll() }
            })
        }
        keep(drops.onDrop { [weak self] files in
            let event = FilesDropped(paths: services.contains(.droppedFilePaths) ? files.map(\.path) : [],
                                     files: services.contains(.droppedFiles) ? grants.grant(files) : [])
            do { try self?.bridge.dispatch(event) } catch {
                Log.webKitGTK.warning("cannot send the dropped files to the page: \(error)")
            }
        })
    }

    private func reloadOrStop() {
        if webView.isLoading { webView.stopLoading() } else { webView.reload() }
    }

    private func apply(_ state: NavigationState) {
        if window.title != state.windowTitle { window.title = state.windowTitle }
        headerBar.subtitle = status ?? state.subtitle
        backButton.isSensitive = state.isBackEnabled
        forwardButton.isSensitive = state.isForwardEnabled
        reloadButton.isSensitive = state.isReloadEnabled
        let reloadIcon = state.reloadActsAsStop ? "process-stop-symbolic" : "view-refresh-symbolic"
        if reloadButton.iconName != reloadIcon { reloadButton.setIcon(name: reloadIcon) }
        reloadButton.tooltip = state.reloadActsAsStop ? tr("Stop (Escape)") : tr("Reload (F5)")
        reloadButton.accessibleName = state.reloadActsAsStop ? tr("Stop") : tr("Reload")
        progressBar.fraction = state.progress
        progressBar.isVisible = state.isProgressVisible
    }
}
