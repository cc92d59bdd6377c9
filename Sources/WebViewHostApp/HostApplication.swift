import Foundation
import WebKitGTK

/// The `webview-host` program: reads the command line, opens a window, runs until the
/// last window closes. Returns the process's exit status.
@MainActor
public enum HostApplication {
    public static func run(arguments: [String]) -> Int32 {
        let request: LaunchRequest
        do {
            request = try CommandLineParser().parse(Array(arguments.dropFirst()))
        } catch {
            fail("\(error)\nTry 'webview-host --help' for usage.")
            return 2
        }
        let uri: String
        switch request {
        case .showUsage:
            print(CommandLineParser.usage)
            return 0
        case .open(let requested):
            uri = requested
        case .openStartPage:
            guard let resources = AppResources.locate() else {
                fail("cannot find the demo pages; set \(AppResources.environmentVariable) to the Resources directory")
                return 1
            }
            uri = resources.startPage.absoluteString
        }
        guard MainLoop.initialize() else {
            fail("cannot open a display (is DISPLAY set? run under xvfb-run without one)")
            return 1
        }
        let controller = BrowserWindowController()
        // The app's only window: closing it quits.
        let closed = controller.onClosed { MainLoop.quit() }
        controller.show()
        controller.load(uri: uri)
        MainLoop.run()
        closed.cancel()
        return 0
    }

    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data("webview-host: error: \(message)\n".utf8))
    }
}
