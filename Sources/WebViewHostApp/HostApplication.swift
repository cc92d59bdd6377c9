import GLibCore
import FoundationEssentials
import Glibc
import WebAppWindow
import WebKitGTK

/// The `webview-host` program: reads the command line, then runs a `BrowserSession` (or
/// hands the pages to the instance already running). Returns the process's exit status.
@MainActor
public enum HostApplication {
    /// The reverse-DNS id: the GtkApplication's D-Bus name and the desktop file's name.
    public nonisolated static let applicationID = "io.github.webviewhost.WebViewHost"

    /// What the About dialog says. The version is the one place the app's version is
    /// written in Swift; a test keeps it equal to the newest release in the AppStream
    /// metainfo, which versions the Debian package.
    public nonisolated static let about = AboutInfo(
        name: DemoWindow.appName, version: "0.1.0",
        comments: "Web pages in a native GTK window, with a typed bridge between JavaScript and Swift",
        website: "https://github.com/webviewhost/webviewhost", licence: .mit, iconName: applicationID)

    /// `arguments` are the process's own by default, as bytes: a file name need not be UTF-8.
    public static func run(arguments: [[UInt8]] = processArguments) -> Int32 {
        let launch: Launch
        do {
            switch try CommandLineParser().parse(arguments: Array(arguments.dropFirst())) {
            case .showUsage:
                print(CommandLineParser.usage)
                return 0
            case .showDoctor:
                print(Doctor.report(applicationID: applicationID))
                return 0
            case .launch(let requested):
                launch = requested
            }
        } catch {
            fail("\(error)\n" + tr("Try '{command}' for usage.", ["command": "webview-host --help"]))
            return 2
        }
        let resources = AppResources.locate()
        if launch.uris.isEmpty && resources == nil {
            fail(tr("cannot find the demo pages; set {variable} to the Resources directory", ["variable": AppResources.environmentVariable]))
            return 1
        }
        guard MainLoop.initialize() else {
            fail(tr("cannot open a display (is DISPLAY set? run under xvfb-run without one)"))
            return 1
        }
        return BrowserSession(launch: launch, resources: resources).run()
    }

    /// The process's arguments exactly as it got them (`CommandLine.arguments` repairs bytes
    /// that are not UTF-8, which would name another file).
    public static var processArguments: [[UInt8]] {
        (0..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map(UInt8.init(bitPattern:)) } ?? []
        }
    }

    /// Reports a problem on standard error, as `webview-host: error: …`.
    static func fail(_ message: String) {
        let text = "webview-host: \(tr("error: {message}", ["message": message]))\n"
        _ = write(STDERR_FILENO, text, text.utf8.count)
    }
}
