import Foundation
import WebKitGTK

/// The running app: one `Application` (single instance per user session), one web context
/// that every window shares (so they share cookies and storage), the `app://` scheme
/// serving the demo pages, downloads, and the open windows.
///
/// Windows are made on `activate` (no page given) and `open` (pages given by this launch
/// or handed over by a later one), or under `--automation` for each browsing context the
/// WebDriver session asks for. The app quits when its last window closes.
@MainActor
public final class BrowserSession {
    public let application: Application
    public let launch: Launch
    public let directories: XDGDirectories
    /// The directory served as `app://localhost/`; nil when only command-line pages are shown.
    public let resources: AppResources?
    public private(set) var context: WebContext?
    public private(set) var scheme: AppScheme?
    public private(set) var windows: [BrowserWindowController] = []

    private let chooser = SaveDialogChooser(parent: nil)
    private var downloads: Downloads?
    private var downloadReporter: DownloadReporter?
    private var closeObservations: [ObjectIdentifier: Observation] = [:]
    private var automation: Automation?
    /// Why startup failed; `run` then returns non-zero.
    private var startupFailure: String?
    /// Whether this process is the running app (startup runs only there), not a launch
    /// that handed its pages over.
    private var isPrimary = false

    public init(launch: Launch, resources: AppResources?,
                directories: XDGDirectories = XDGDirectories(applicationID: HostApplication.applicationID)) {
        self.launch = launch
        self.resources = resources
        self.directories = directories
        // A private session neither joins the running instance nor becomes it.
        application = Application(id: HostApplication.applicationID, unique: !launch.ephemeral)
        application.onStartup { [unowned self] in startUp() }
        application.onActivate { [unowned self] in
            if let window = windows.last { window.window.present() } else if !launch.automation { openWindow(uri: nil) }
        }
        application.onOpen { [unowned self] uris in uris.forEach { openWindow(uri: $0) } }
    }

    /// Runs until the last window closes; a later launch hands its pages over and returns 0.
    /// Returns the exit status.
    public func run() -> Int32 {
        // Only the pages cross to a running instance; options were read by this process.
        let status = application.run(arguments: [CommandLine.arguments.first ?? "webview-host"] + launch.uris)
        if let startupFailure {
            HostApplication.fail(startupFailure)
            return 1
        }
        if !isPrimary, let note = Self.handOverNote(for: launch) {
            FileHandle.standardError.write(Data("webview-host: \(note)\n".utf8))
        }
        return status
    }

    /// What a launch that handed its pages to the running app tells the user about its
    /// options, which only the first launch applies; nil when it had none.
    static func handOverNote(for launch: Launch) -> String? {
        let options = [(launch.developerTools, "--devtools"), (launch.clearData, "--clear-data")].filter(\.0).map(\.1)
        guard !options.isEmpty else { return nil }
        let pages = launch.uris.count
        let done = pages == 0 ? "showed the running WebViewHost" : "opened \(pages) page\(pages == 1 ? "" : "s") in the running WebViewHost"
        let verb = options.count == 1 ? "was" : "were"
        return "\(done); \(options.joined(separator: " and ")) \(verb) not applied: options take effect only when "
            + "WebViewHost starts (quit it first, or use --ephemeral for a separate instance)"
    }

    /// The page a window opens with when none is given.
    public var startPage: String? { scheme?.uri(for: "index.html") }

    /// Opens a window showing `uri`, or the start page.
    @discardableResult
    public func openWindow(uri: String?) -> BrowserWindowController? {
        guard let context, let page = uri ?? startPage else { return nil }
        let controller = openWindow(showing: WebView(settings: viewSettings, context: context))
        controller.load(uri: page)
        return controller
    }

    /// A window around `view`, shown, that the session keeps until it closes.
    private func openWindow(showing view: WebView) -> BrowserWindowController {
        let controller = BrowserWindowController(webView: view)
        if !launch.ephemeral {
            controller.window.rememberState(in: WindowStateStore(file: directories.state.appendingPathComponent("window.json")))
        }
        application.add(controller.window)
        // Ctrl+Q quits the app, not just this window (a later binding of a key wins).
        controller.shortcuts.add("<Control>q") { [weak self] in self?.closeAllWindows(); return true }
        windows.append(controller)
        let key = ObjectIdentifier(controller)
        closeObservations[key] = controller.onClosed { [weak self] in
            // Let the window's own destroy handlers finish before the controller goes.
            Task { @MainActor in self?.forget(key) }
        }
        chooser.parent = controller.window
        controller.show()
        return controller
    }

    private var viewSettings: WebViewSettings {
        var settings = WebViewSettings()
        settings.developerExtrasEnabled = launch.developerTools
        return settings
    }

    /// Asks every window's page to close (each `beforeunload` handler may have the user
    /// stay); the windows that close save their state, and the app quits with the last.
    public func closeAllWindows() {
        windows.forEach { $0.requestClose() }
    }

    /// Makes the state all windows share: in the primary instance only, before any window.
    private func startUp() {
        isPrimary = true
        let websiteData = directories.websiteData
        if launch.clearData && !launch.ephemeral {
            do { try websiteData.clear() } catch {
                return fail("cannot clear the website data in \(websiteData.dataDirectory.path): \(error)")
            }
        }
        let context = websiteData.makeContext(ephemeral: launch.ephemeral)
        if let resources {
            do {
                var scheme = try AppScheme(directory: resources.directory.path)
                try scheme.serveMediaFromLoopback()
                context.register(scheme)
                self.scheme = scheme
            } catch {
                return fail("cannot serve the demo pages from \(resources.directory.path): \(error)")
            }
        }
        if launch.automation {
            // WebDriver's windows are the app's own, with its bridge and guards: they trust the
            // app's pages (app://localhost/…), as every window does.
            do {
                automation = try Automation(context: context, application: application, browserName: "webview-host",
                                            settings: viewSettings) { [unowned self] view in openWindow(showing: view) }
            } catch {
                return fail("cannot run under WebDriver: \(error)")
            }
        }
        let downloads = Downloads(context: context, chooser: chooser)
        downloadReporter = DownloadReporter(downloads: downloads) { [weak self] in self?.windows.last }
        self.downloads = downloads
        self.context = context
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
