import GLibCore
import DesktopServices
import FoundationEssentials
import Glibc
import WebBridge
import WebKitGTK

/// The running app: one `Application` (single instance per user session), one web context
/// that every window shares (so they share cookies and storage), the `app://` scheme
/// serving the app's web files, downloads, the open `AppWindow`s and their saved size.
///
/// Windows are made on `activate` (the start page, or the front window again) and `open`
/// (pages given by this launch or handed over by a later one). The app quits when its last
/// window closes; `closeAllWindows` (Ctrl+Q) asks every window's page first, while SIGTERM and
/// SIGINT close them all at once (`closeAllWindowsNow`). Every window lists the downloads and
/// opens "Open Link in New Window" as a window of the app, under its navigation guard.
@MainActor
public final class WebApplication {
    /// What the app decided at launch: its id, web files, data options and windows.
    public let configuration: WebApplicationConfiguration
    /// The GTK application: the single instance per user session, which hands later launches'
    /// pages to this one and quits with the last window.
    public let application: Application
    /// The app's own XDG directories: website data, caches and the saved window size live there.
    public let directories: XDGDirectories
    /// The web context every window shares (cookies, storage, the `app:` scheme); nil until
    /// startup made it, and for good when startup failed or this launch handed its pages over.
    public private(set) var context: WebContext?
    /// The `app://localhost/` scheme serving `webDirectory`; nil before startup, or when the
    /// configuration names no web directory.
    public private(set) var scheme: AppScheme?
    /// The app's windows, oldest first; a closed window leaves the list on the next turn of the loop.
    public private(set) var windows: [AppWindow] = []
    /// Why startup failed (the sandbox cannot start, the web files could not be served, the
    /// data not cleared), in one line; `run` then returned `startupFailureStatus`.
    public private(set) var startupFailure: String?
    /// The exit status `run` returns when startup failed: `SandboxPolicy.refusedExitStatus`
    /// when the sandbox cannot start and the app and user did not opt out, else 1.
    public private(set) var startupFailureStatus: Int32 = 1
    /// Whether this app's web processes run in WebKit's sandbox; nil before startup.
    public private(set) var isSandboxed: Bool?
    /// Whether this process is the running app, not a launch that handed its pages over.
    public private(set) var isPrimary = false
    /// The app's desktop notifications (`notifications?.send(…)`), from startup on, in the
    /// primary instance. The app's own pages' `new Notification(…)` goes there too.
    public private(set) var notifications: Notifications?
    /// Called with the user's answer to a notification the app sent, after the front window was
    /// raised and its page got the `notification` event (`{"notificationID": …, "action": …}`).
    public var onNotificationResponse: (@MainActor (NotificationResponse) -> Void)?
    /// Called with each URL of the app's own schemes (`configuration.urlSchemes`) that a launch
    /// gives, once the front window (opened for it if none is) was raised; its page gets the
    /// `url` event (`{"url": …}`) after it.
    public var onURL: (@MainActor (String) -> Void)?
    /// Called once in the primary instance, when the state the windows share is made and before
    /// the first window: where an app makes what lives as long as it runs, such as its `StatusIcon`.
    public var onStartup: (@MainActor () -> Void)?

    private let chooser = SaveDialogChooser(parent: nil)
    private var downloads: Downloads?
    private var downloadReporter: DownloadReporter?
    private var closeObservations: [ObjectIdentifier: Observation] = [:]
    private var automation: Automation?
    private var terminationSignals: TerminationSignals?
    /// The sandbox's preflight, started as the app runs and read at startup.
    private var preflight: WebProcessSandbox.PendingPreflight?
    /// The app's repeating timers, cancelled when it quits.
    private var timers: [TimeoutSource] = []
    private var notificationResponses: Observation?
    /// The web directory's watcher in development mode.
    private var webDirectoryWatcher: DirectoryWatcher?
    /// Keeps nothing on disk: asked for, or under WebDriver.
    private var isEphemeral: Bool { configuration.ephemeral || configuration.automationBrowserName != nil }

    /// Sets the app up from `configuration`, with its XDG directories (derived from the id
    /// unless given, as tests do); nothing starts until `run(uris:)`.
    public init(configuration: WebApplicationConfiguration, directories: XDGDirectories? = nil) {
        self.configuration = configuration
        self.directories = directories ?? XDGDirectories(applicationID: configuration.id)
        // A private session neither joins the running instance nor becomes it.
        // The window's app name is the one the desktop shows with notifications and the status icon.
        application = Application(id: configuration.id,
                                  unique: !configuration.ephemeral && configuration.automationBrowserName == nil,
                                  name: configuration.window.appName)
        application.onStartup { [unowned self] in startUp() }
        application.onActivate { [unowned self] in
            if let window = windows.last {
                window.window.present()
            } else if configuration.automationBrowserName == nil {
                openWindow(uri: nil)
            }
        }
        application.onOpen { [unowned self] uris in
            for uri in uris {
                if configuration.urlSchemes.contains(where: { $0.matches(uri) }) { receive(url: uri) } else { openWindow(uri: uri) }
            }
        }
    }

    /// Runs until the last window closes; a later launch hands its pages (`uris`) over and
    /// returns 0. Returns the exit status: `startupFailureStatus` when startup failed (see
    /// `startupFailure`), and no window was shown. With `--write-page-types DIR` on the
    /// command line it writes the pages' type files of `configuration.contract`, with the page
    /// services its windows grant (`PageServices.contractEntries`), into DIR instead and
    /// returns, opening nothing.
    public func run(uris: [String] = []) -> Int32 {
        let contract = configuration.contract.map {
            BridgeContract($0.name, $0.entries + configuration.window.pageServices.contractEntries)
        }
        if let status = PageTypesCommand.run(arguments: CommandLine.arguments, contract: contract) { return status }
        // The trial sandbox runs while the application registers on the session bus.
        if configuration.sandbox.wantsSandbox(canRunUnconfined: WebProcessSandbox.canRunUnconfined) { preflight = WebProcessSandbox.startPreflight() }
        let status = application.run(arguments: [CommandLine.arguments.first ?? configuration.id] + uris)
        timers.forEach { $0.cancel() }
        timers.removeAll()
        return startupFailure == nil ? status : startupFailureStatus
    }

    /// The page a window opens with when none is given.
    public var startPage: String? { scheme?.uri(for: configuration.startPage) }

    /// Opens a window showing `uri`, or the start page.
    @discardableResult
    public func openWindow(uri: String?) -> AppWindow? {
        guard let page = uri ?? startPage, let window = makeWindow() else { return nil }
        window.show()
        window.load(uri: page)
        return window
    }

    /// A window of the app around `webView` (a new view of the app's context by default),
    /// counted among `windows`, not yet shown or loading; nil before startup.
    public func makeWindow(for webView: WebView? = nil) -> AppWindow? {
        guard let context else { return nil }
        let window = AppWindow(webView: webView ?? WebView(settings: viewSettings, context: context),
                               configuration: configuration.window, application: self)
        if !isEphemeral {
            window.window.rememberState(in: WindowStateStore(file: directories.state.appendingPathComponent("window.json")))
        }
        application.add(window.window)
        if configuration.developmentMode {
            DevelopmentConsole.install(on: window.bridge, in: window.webView.userContent)
            window.webView.policyViolations.print = { DevelopmentConsole.printToStandardError($0) }
        }
        if let downloads { window.listDownloads(of: downloads) }
        if let notifications, let scheme {
            let appPages = scheme.uri(for: "")
            window.keep(PageNotifications(view: window.webView, notifications: notifications,
                                          isAppPage: { $0.hasPrefix(appPages) }, onClick: { [weak window] in window?.window.present() }))
        }
        window.guards.navigation.openNewWindow = { [weak self] uri in self?.openWindow(uri: uri) }
        window.makePopupWindow = { [weak self] view in self?.makeWindow(for: view) }
        // Ctrl+Q quits the app, not just this window (a later binding of a key wins).
        window.shortcuts.add(["<Control>q"], title: tr("Quit"), group: tr("Window"), reserved: true) { [weak self] in self?.closeAllWindows(); return true }
        window.commands.onNewWindow = { [weak self] in self?.openWindow(uri: nil) }
        windows.append(window)
        let key = ObjectIdentifier(window)
        closeObservations[key] = window.onClosed { [weak self] in
            // Let the window's own destroy handlers finish before the window object goes.
            Task { @MainActor in self?.forget(key) }
        }
        chooser.parent = window.window
        return window
    }

    /// Sends the event `name` with `payload` to the trusted page of every open window
    /// (`WebViewBridge.dispatch`): one broadcast for state every window shows.
    public func dispatch<Payload: Encodable>(_ name: String, _ payload: Payload) throws {
        for window in windows { try window.bridge.dispatch(name, payload) }
    }

    /// Sends `event` to the trusted page of every open window.
    public func dispatch<Event: BridgeEvent>(_ event: Event) throws {
        try dispatch(Event.eventName, event)
    }

    /// Calls `action` every `interval` (`.seconds(60)`, as `Task.sleep` takes it) on the loop
    /// until the app quits or the returned source is cancelled: work on a schedule for the
    /// whole app (a per-minute event to every window). `AppWindow.every` is the same for one
    /// window's lifetime.
    @discardableResult
    public func every(_ interval: Duration, _ action: @escaping @MainActor () -> Void) -> TimeoutSource {
        let source = MainLoop.every(interval, action)
        timers.append(source)
        return source
    }

    /// `every(.milliseconds(milliseconds))`.
    @available(*, deprecated, renamed: "every(_:_:)", message: "pass a Duration: every(.seconds(60))")
    @discardableResult
    public func every(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> TimeoutSource {
        every(.milliseconds(milliseconds), action)
    }

    /// The front window, raised, or a new one on the start page; nil before startup.
    private func frontWindow() -> AppWindow? {
        guard let window = windows.last else { return openWindow(uri: nil) }
        window.window.present()
        return window
    }

    /// A URL of the app's own scheme: to the app, then to the front window's page.
    private func receive(url: String) {
        let window = frontWindow()
        onURL?(url)
        window?.dispatchWhenLoaded("url", ["url": url])
    }

    /// The user answered a notification: the front window comes up, its page hears, then the app.
    private func receive(_ response: NotificationResponse) {
        frontWindow()?.dispatchWhenLoaded("notification", response)
        onNotificationResponse?(response)
    }

    private var viewSettings: WebViewSettings {
        var settings = WebViewSettings()
        settings.developerExtrasEnabled = configuration.developerTools
        return settings
    }

    /// Asks every window's page to close (each `beforeunload` handler may have the user
    /// stay); the windows that close save their state, and the app quits with the last.
    public func closeAllWindows() {
        windows.forEach { $0.requestClose() }
    }

    /// Closes every window now, without asking the pages (nobody is there to answer, as after
    /// SIGTERM or Ctrl+C in a terminal); the windows save their state, and the app quits.
    public func closeAllWindowsNow() {
        windows.forEach { $0.close() }
        application.quit()
    }

    /// Makes the state all windows share: in the primary instance only, before any window.
    private func startUp() {
        ColorScheme.followDesktop()
        isPrimary = true
        guard applySandboxPolicy() else { return }
        let websiteData = directories.websiteData
        if configuration.clearsWebsiteData && !isEphemeral {
            do { try websiteData.clear() } catch {
                return fail(tr("cannot clear the website data in {folder}: {reason}", ["folder": websiteData.dataDirectory.path, "reason": "\(error)"]))
            }
        }
        let context = websiteData.makeContext(ephemeral: isEphemeral, memoryLimit: configuration.memoryLimit)
        for directory in [configuration.servedDirectory].compactMap({ $0 }) + configuration.sandboxReadableDirectories {
            do { try context.addSandboxPath(directory.resolvingSymlinksInPath().path) } catch .homeUnresolvable(_, let home) {
                // The pages still load (their files come through the UI and network processes);
                // what a web process opens itself there, such as `file:` media, stays out of reach.
                warn(tr("warning: the sandboxed web processes cannot open files in {folder}: the home directory {home} cannot be resolved",
                        ["folder": directory.path, "home": home]))
            } catch {
                return fail(tr("cannot let the sandbox read {folder}: {reason}", ["folder": directory.path, "reason": "\(error)"]))
            }
        }
        if let directory = configuration.servedDirectory {
            do {
                var scheme = try AppScheme(directory: directory.path)
                for (directive, sources) in configuration.allowedSources.sorted(by: { $0.key < $1.key }) {
                    try scheme.allow(sources, for: directive)
                }
                if configuration.servesMedia { try scheme.serveMediaFromLoopback() }
                context.register(scheme)
                self.scheme = scheme
            } catch {
                return fail(tr("cannot serve the pages in {folder}: {reason}", ["folder": directory.path, "reason": "\(error)"]))
            }
        }
        if let browserName = configuration.automationBrowserName {
            // The session's windows are the app's own, with its bridge, handlers and guards.
            do {
                automation = try Automation(context: context, application: application, browserName: browserName,
                                            settings: viewSettings) { [unowned self] view in
                    let window = makeWindow(for: view)!
                    window.show()
                    return window
                }
            } catch {
                return fail(tr("cannot run under WebDriver: {reason}", ["reason": "\(error)"]))
            }
        }
        if configuration.window.tools.contains(.downloads) {
            let downloads = Downloads(context: context, chooser: chooser)
            downloads.localFiles = { [scheme] uri in scheme?.file(forURI: uri) }
            downloads.suggestedNames = { [weak self] uri in
                self?.windows.reversed().lazy.compactMap { $0.webView.frames.downloadName(for: uri) }.first
            }
            downloadReporter = DownloadReporter(downloads: downloads) { [weak self] in self?.windows.last }
            self.downloads = downloads
        }
        self.context = context
        let notifications = Notifications(application: application)
        notificationResponses = notifications.onResponse { [unowned self] in receive($0) }
        self.notifications = notifications
        if configuration.developmentMode, let directory = configuration.servedDirectory { watchForDevelopment(directory) }
        terminationSignals = TerminationSignals { [weak self] _ in self?.closeAllWindowsNow() }
        onStartup?()
    }

    /// Decides, before the first context, whether web content runs sandboxed (see
    /// `SandboxPolicy`): on, off with a warning line, or refused (false: startup failed).
    private func applySandboxPolicy() -> Bool {
        let policy = configuration.sandbox
        let canRunUnconfined = WebProcessSandbox.canRunUnconfined
        let problem = policy.wantsSandbox(canRunUnconfined: canRunUnconfined)
            ? (preflight ?? WebProcessSandbox.startPreflight()).readings().problem : nil
        preflight = nil
        switch policy.decide(problem: problem, canRunUnconfined: canRunUnconfined) {
        case .sandboxed:
            WebProcessSandbox.isEnabled = true
        case .sandboxedDespiteOptOut(let optOut):
            WebProcessSandbox.isEnabled = true
            warn(tr("warning: {explanation}", ["explanation": optOut.ignoredExplanation]))
        case .unsandboxed(let why):
            WebProcessSandbox.isEnabled = false
            warn(tr("warning: {explanation}", ["explanation": why.explanation]))
        case .refused(let problem):
            startupFailureStatus = SandboxPolicy.refusedExitStatus
            fail(problem.refusal(offeringOptOut: canRunUnconfined))
            return false
        }
        isSandboxed = WebProcessSandbox.isEnabled
        return true
    }

    /// Prints `line` ("warning: …") on standard error after the program's name.
    private func warn(_ line: String) {
        let program = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? configuration.id
        let text = "\(program): \(line)\n"
        _ = write(STDERR_FILENO, text, text.utf8.count)
    }

    /// Development mode: every window reloads its page when a file under `directory` changes.
    private func watchForDevelopment(_ directory: URL) {
        do {
            webDirectoryWatcher = try DirectoryWatcher(directory: directory) { [weak self] file in
                DevelopmentConsole.printToStandardError("reloading: \(file.path) changed")
                self?.windows.forEach { $0.webView.reload() }
            }
            DevelopmentConsole.printToStandardError("development mode: watching \(directory.path)\(whatIsWatched(directory))")
        } catch {
            DevelopmentConsole.printToStandardError("development mode: cannot watch \(directory.path): \(error)")
        }
    }

    /// Whether the watched directory is the package's sources or the build's copy of them,
    /// which no edit of the sources changes.
    private func whatIsWatched(_ directory: URL) -> String {
        if let copy = configuration.webDirectory, copy != directory { return " (the sources of \(copy.path))" }
        return WebDirectory.isBuildCopy(directory)
            ? " (the build's copy: editing the page's sources reloads nothing; set webSourceDirectory to them)" : ""
    }

    private func fail(_ message: String) {
        startupFailure = message
        application.quit()
    }

    private func forget(_ key: ObjectIdentifier) {
        windows.removeAll { ObjectIdentifier($0) == key }
        closeObservations[key] = nil
        if let last = windows.last { chooser.parent = last.window }
    }
}
