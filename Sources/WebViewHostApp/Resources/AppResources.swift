import FoundationEssentials
import GLibCore
import WebAppWindow

/// Where the app's demo pages are: the one place that knows how to find them.
///
/// `WebDirectory.locate` for `Resources`: the `WEBVIEWHOST_RESOURCES` environment variable,
/// beside the executable, the installed location (`<exe dir>/../share/webview-host/Resources`),
/// then the source tree this file was built from (for `swift run`).
public struct AppResources: Sendable, Equatable {
    public static let environmentVariable = "WEBVIEWHOST_RESOURCES"

    /// The directory holding `index.html` and the other pages.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The first candidate directory holding `index.html`, or nil.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = RunningExecutable.url,
                              sourceFile: String? = nil) -> AppResources? {
        WebDirectory.locate(app: "webview-host", directory: "Resources", environmentVariable: environmentVariable,
                            fallback: sourceTree(sourceFile ?? Self.sourceFile),
                            environment: environment, executable: executable)
            .map(AppResources.init(directory:))
    }

    /// This file's path when built; a `#filePath` default argument would name the caller's file.
    static let sourceFile: String = #filePath

    /// `<root>/Resources` of the source tree holding `sourceFile`
    /// (`<root>/Sources/WebViewHostApp/Resources/AppResources.swift`).
    static func sourceTree(_ sourceFile: String) -> URL {
        var root = URL(fileURLWithPath: sourceFile)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent("Resources", isDirectory: true)
    }

    /// The demo start page.
    public var startPage: URL { url(for: "index.html") }

    /// A file in the resources directory, by relative path.
    public func url(for relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}
