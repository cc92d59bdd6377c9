import FoundationEssentials
import Glibc
import WebAppWindow
import WebKitGTK

/// The running `webview-host`: a `WebApplication` whose windows are demo windows, serving
/// the demo pages (with their media) as `app://localhost/`, set up from the command line.
@MainActor
public final class BrowserSession {
    public let launch: Launch
    /// The directory served as `app://localhost/`; nil when only command-line pages are shown.
    public let resources: AppResources?
    public let app: WebApplication

    public init(launch: Launch, resources: AppResources?,
                directories: XDGDirectories = XDGDirectories(applicationID: HostApplication.applicationID)) {
        self.launch = launch
        self.resources = resources
        var configuration = WebApplicationConfiguration(id: HostApplication.applicationID,
                                                        webDirectory: resources?.directory,
                                                        window: DemoWindow.configuration())
        configuration.servesMedia = true
        configuration.ephemeral = launch.ephemeral
        configuration.clearsWebsiteData = launch.clearData
        configuration.developerTools = launch.developerTools
        if launch.automation { configuration.automationBrowserName = "webview-host" }
        if launch.noSandbox { configuration.sandbox.userOptOut = .commandLine }
        // Media in a file: page plays in the web process, which reads the file itself.
        configuration.sandboxReadableDirectories = launch.uris.compactMap { uri in
            URL(string: uri).flatMap { $0.isFileURL ? $0.deletingLastPathComponent() : nil }
        }
        app = WebApplication(configuration: configuration, directories: directories)
    }

    /// Runs until the last window closes; a later launch hands its pages over and returns 0.
    /// Returns the exit status.
    public func run() -> Int32 {
        // Only the pages cross to a running instance; options were read by this process.
        let status = app.run(uris: launch.uris)
        if let failure = app.startupFailure {
            HostApplication.fail(failure)
            return status
        }
        if !app.isPrimary, let note = Self.handOverNote(for: launch) {
            let text = "webview-host: \(note)\n"
            _ = write(STDERR_FILENO, text, text.utf8.count)
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
}
