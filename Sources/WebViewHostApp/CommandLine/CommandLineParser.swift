import FoundationEssentials
import Glibc
import WebOrigin

/// Turns `webview-host`'s arguments into a `LaunchRequest`; pure, so every case is unit tested.
public struct CommandLineParser: Sendable {
    public static let usage = """
        Usage: webview-host [OPTION…] [URL-OR-FILE…]

        Opens each web page in a window of its own; without an argument, shows the demo start page.
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
          --no-sandbox  run web content outside WebKit's bubblewrap sandbox (also
                        WEBVIEWHOST_NO_SANDBOX=1); without it, a machine where the
                        sandbox cannot start gets the reason and exit status 78
          --doctor      print what this machine gives the app (WebKitGTK, sandbox,
                        renderer, portal, media codecs, display, data) and exit
          -h, --help    show this help and exit

        Keys: Alt+Left/Alt+Right back/forward, F5 or Ctrl+R reload, Escape stop,
              Ctrl+F find in page, Ctrl+plus/Ctrl+minus/Ctrl+0 zoom,
              Ctrl+W close the window, Ctrl+Q quit (closes every window; a page
              with unsaved work may ask first).

        Files: website data in $XDG_DATA_HOME/\(HostApplication.applicationID)/WebKit
               (default ~/.local/share) and $XDG_CACHE_HOME/\(HostApplication.applicationID)/WebKit
               (default ~/.cache); window size in $XDG_STATE_HOME/\(HostApplication.applicationID)
               (default ~/.local/state).
        """

    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// What is at an absolute path, given as the file system's bytes.
    public var fileKind: @Sendable ([UInt8]) -> FileKind

    public init(currentDirectory: String = FileManager.default.currentDirectoryPath,
                fileKind: @escaping @Sendable ([UInt8]) -> FileKind = CommandLineParser.realFileKind) {
        self.currentDirectory = currentDirectory
        self.fileKind = fileKind
    }

    /// Parses the arguments after the program name.
    public func parse(_ arguments: [String]) throws(CommandLineError) -> LaunchRequest {
        try parse(arguments: arguments.map { Array($0.utf8) })
    }

    /// Parses the arguments after the program name as the process got them: bytes, so a file
    /// name that is not UTF-8 still names its file.
    public func parse(arguments: [[UInt8]]) throws(CommandLineError) -> LaunchRequest {
        var operands: [[UInt8]] = []
        var launch = Launch()
        var optionsEnded = false
        for bytes in arguments {
            let argument = String(decoding: bytes, as: UTF8.self)
            if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
                switch argument {
                case "-h", "--help": return .showUsage
                case "--ephemeral": launch.ephemeral = true
                case "--clear-data": launch.clearData = true
                case "--devtools": launch.developerTools = true
                case "--automation": launch.automation = true; launch.ephemeral = true
                case "--no-sandbox": launch.noSandbox = true
                case "--doctor": return .showDoctor
                case "--": optionsEnded = true
                default: throw .unknownOption(argument)
                }
            } else {
                operands.append(bytes)
            }
        }
        guard operands.isEmpty || !launch.automation else { throw .pagesUnderAutomation }
        launch.uris = try operands.map(uri(for:))
        return .launch(launch)
    }

    private func uri(for bytes: [UInt8]) throws(CommandLineError) -> String {
        let operand = String(decoding: bytes, as: UTF8.self)
        guard !bytes.isEmpty else { throw .emptyArgument }
        guard let scheme = Self.scheme(of: operand) else { return try fileURI(forPath: bytes) }
        switch scheme {
        case "http", "https":
            // The origin as every security decision will read it; a URI without one is no page to show.
            guard Origin(uri: operand) != nil, let url = URL(string: operand), let host = url.host, !host.isEmpty else {
                throw .invalidURL(operand)
            }
            return url.absoluteString
        case "file":
            guard let url = URL(string: operand), url.isFileURL, !url.path.isEmpty else { throw .invalidURL(operand) }
            try requireRegularFile(Array(url.path.utf8), named: url.path)
            return url.absoluteString
        default:
            throw .unsupportedScheme(scheme)
        }
    }

    private func fileURI(forPath bytes: [UInt8]) throws(CommandLineError) -> String {
        let absolute = bytes.first == UInt8(ascii: "/") ? bytes : Array(currentDirectory.utf8) + [UInt8(ascii: "/")] + bytes
        let path = FilePathBytes.standardized(absolute)
        try requireRegularFile(path, named: String(decoding: bytes, as: UTF8.self))
        return FilePathBytes.fileURI(path)
    }

    private func requireRegularFile(_ path: [UInt8], named name: String) throws(CommandLineError) {
        switch fileKind(path) {
        case .regular: return
        case .missing: throw .fileNotFound(path: name)
        case .directory: throw .directory(path: name)
        case .other: throw .notARegularFile(path: name)
        }
    }

    /// The lower-cased scheme when the text starts like a URL (`scheme:`, RFC 3986), else nil.
    /// Only a `scheme://` or a known scheme counts, so a file named `notes:old.html` stays a file.
    static func scheme(of text: String) -> String? {
        guard let scheme = Origin.scheme(of: text), let colon = text.firstIndex(of: ":") else { return nil }
        let known = ["http", "https", "file", "about", "data", "javascript", "ftp", "mailto"]
        return text[colon...].hasPrefix("://") || known.contains(scheme) ? scheme : nil
    }

    /// What is at `path` on this machine (symbolic links followed).
    public static let realFileKind: @Sendable ([UInt8]) -> FileKind = { path in
        var info = stat()
        let found = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        }
        guard found else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }
}
