import Foundation

/// Where the app's demo pages are: the one place that knows how to find them.
///
/// Looked up in order: the `WEBVIEWHOST_RESOURCES` environment variable, the installed
/// location next to the executable (`<exe dir>/../share/webview-host/Resources`), then the
/// source tree this file was built from (for `swift run`).
public struct AppResources: Sendable, Equatable {
    public static let environmentVariable = "WEBVIEWHOST_RESOURCES"

    /// The directory holding `index.html` and the other pages.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The first candidate directory holding `index.html`, or nil.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = Bundle.main.executableURL,
                              sourceFile: String? = nil) -> AppResources? {
        candidates(environment: environment, executable: executable, sourceFile: sourceFile ?? Self.sourceFile)
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }
            .map(AppResources.init(directory:))
    }

    /// This file's path when built; a `#filePath` default argument would name the caller's file.
    static let sourceFile: String = #filePath

    /// The directories `locate` tries, in order.
    static func candidates(environment: [String: String], executable: URL?, sourceFile: String) -> [URL] {
        var result: [URL] = []
        if let override = environment[environmentVariable], !override.isEmpty {
            result.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        if let executable {
            result.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("../share/webview-host/Resources", isDirectory: true).standardizedFileURL)
        }
        // <root>/Sources/WebViewHostApp/Resources/AppResources.swift → <root>/Resources
        var root = URL(fileURLWithPath: sourceFile)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        result.append(root.appendingPathComponent("Resources", isDirectory: true))
        return result
    }

    /// The demo start page.
    public var startPage: URL { url(for: "index.html") }

    /// A file in the resources directory, by relative path.
    public func url(for relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}
