import Foundation
import WebOrigin

/// Turns `webview-host`'s arguments into a `LaunchRequest`; pure, so every case is unit tested.
public struct CommandLineParser: Sendable {
    public static let usage = """
        Usage: webview-host [OPTION…] [URL-OR-FILE…]

        Opens each web page in a window. Without an argument, shows the demo start page.
        If WebViewHost is already running, the pages open as new windows of the
        running app (options then apply only to the first launch).

          URL-OR-FILE   an http://, https:// or file:// URL, or a path to a local file
                        (relative to the current directory or absolute)

        Options:
          --ephemeral   keep nothing on disk: no cookies, storage or window size are
                        saved or read; runs as a separate instance
          --clear-data  delete the stored cookies, localStorage, IndexedDB and caches
                        before opening the page
          --devtools    enable the Web Inspector (F12 or Ctrl+Shift+I)
          --automation  run under WebDriver (WebKitWebDriver starts the app so):
                        ephemeral, showing only the windows its session opens
          -h, --help    show this help and exit

        Keys: Alt+Left/Alt+Right back/forward, F5 or Ctrl+R reload, Escape stop,
              Ctrl+F find in page, Ctrl+plus/Ctrl+minus/Ctrl+0 zoom,
              Ctrl+W close the window, Ctrl+Q quit (closes every window).

        Files: website data in $XDG_DATA_HOME/\(HostApplication.applicationID)/WebKit
               (default ~/.local/share) and $XDG_CACHE_HOME/\(HostApplication.applicationID)/WebKit
               (default ~/.cache); window size in $XDG_STATE_HOME/\(HostApplication.applicationID)
               (default ~/.local/state).
        """

    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// Whether a regular file exists at an absolute path.
    public var fileExists: @Sendable (String) -> Bool

    public init(currentDirectory: String = FileManager.default.currentDirectoryPath,
                fileExists: @escaping @Sendable (String) -> Bool = CommandLineParser.regularFileExists) {
        self.currentDirectory = currentDirectory
        self.fileExists = fileExists
    }

    /// Parses the arguments after the program name.
    public func parse(_ arguments: [String]) throws(CommandLineError) -> LaunchRequest {
        var operands: [String] = []
        var launch = Launch()
        var optionsEnded = false
        for argument in arguments {
            if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
                switch argument {
                case "-h", "--help": return .showUsage
                case "--ephemeral": launch.ephemeral = true
                case "--clear-data": launch.clearData = true
                case "--devtools": launch.developerTools = true
                case "--automation": launch.automation = true; launch.ephemeral = true
                case "--": optionsEnded = true
                default: throw .unknownOption(argument)
                }
            } else {
                operands.append(argument)
            }
        }
        guard operands.isEmpty || !launch.automation else { throw .pagesUnderAutomation }
        launch.uris = try operands.map(uri(for:))
        return .launch(launch)
    }

    private func uri(for operand: String) throws(CommandLineError) -> String {
        guard !operand.isEmpty else { throw .emptyArgument }
        guard let scheme = Self.scheme(of: operand) else { return try fileURI(forPath: operand) }
        switch scheme {
        case "http", "https":
            // The origin as every security decision will read it; a URI without one is no page to show.
            guard Origin(uri: operand) != nil, let url = URL(string: operand), let host = url.host, !host.isEmpty else {
                throw .invalidURL(operand)
            }
            return url.absoluteString
        case "file":
            guard let url = URL(string: operand), url.isFileURL, !url.path.isEmpty else { throw .invalidURL(operand) }
            guard fileExists(url.path) else { throw .fileNotFound(path: url.path) }
            return url.absoluteString
        default:
            throw .unsupportedScheme(scheme)
        }
    }

    private func fileURI(forPath path: String) throws(CommandLineError) -> String {
        let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        let url = URL(fileURLWithPath: path, relativeTo: path.hasPrefix("/") ? nil : base).standardizedFileURL
        guard fileExists(url.path) else { throw .fileNotFound(path: path) }
        return url.absoluteString
    }

    /// The lower-cased scheme when the text starts like a URL (`scheme:`, RFC 3986), else nil.
    /// Only a `scheme://` or a known scheme counts, so a file named `notes:old.html` stays a file.
    static func scheme(of text: String) -> String? {
        guard let scheme = Origin.scheme(of: text), let colon = text.firstIndex(of: ":") else { return nil }
        let known = ["http", "https", "file", "about", "data", "javascript", "ftp", "mailto"]
        return text[colon...].hasPrefix("://") || known.contains(scheme) ? scheme : nil
    }

    /// Whether a regular file (not a directory) exists at `path`.
    public static let regularFileExists: @Sendable (String) -> Bool = { path in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
