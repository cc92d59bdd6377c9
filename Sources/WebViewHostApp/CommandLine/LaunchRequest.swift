import GLibCore
import FoundationEssentials

/// What the command line asks the app to do.
public enum LaunchRequest: Sendable, Equatable {
    /// Print usage and exit successfully.
    case showUsage
    /// Print what this machine gives the app (`Doctor`) and exit.
    case showDoctor
    /// Open a window, as `launch` says.
    case launch(Launch)
}

/// One launch of the app: the page to show and the options that shape the session.
///
/// Options take effect when this launch becomes the running instance; a launch that
/// hands its page to an instance already running passes on the page only.
public struct Launch: Sendable, Equatable {
    /// The URIs to open, one window each (`http:`, `https:` or existing `file:`); none
    /// opens the demo start page.
    public var uris: [String]
    /// `--ephemeral`: keep nothing on disk (no website data, no window size) and run as a
    /// process of its own rather than joining or becoming the single running instance.
    public var ephemeral: Bool
    /// `--clear-data`: delete the stored website data before the first page loads.
    public var clearData: Bool
    /// `--devtools`: enable WebKit's inspector (F12, Ctrl+Shift+I).
    public var developerTools: Bool
    /// `--automation`: run under WebDriver (`WebKitWebDriver` starts the app so), ephemeral,
    /// opening the windows its session asks for and no other.
    public var automation: Bool
    /// `--no-sandbox`: run web content outside WebKit's sandbox, with a warning (see `SandboxPolicy`).
    public var noSandbox: Bool

    public init(uris: [String] = [], ephemeral: Bool = false, clearData: Bool = false, developerTools: Bool = false,
                automation: Bool = false, noSandbox: Bool = false) {
        self.uris = uris
        self.ephemeral = ephemeral
        self.clearData = clearData
        self.developerTools = developerTools
        self.automation = automation
        self.noSandbox = noSandbox
    }
}

/// A command line the app refuses, with the message the user sees.
public enum CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case emptyArgument
    case fileNotFound(path: String)
    case directory(path: String)
    case notARegularFile(path: String)
    case unsupportedScheme(String)
    case invalidURL(String)
    case pagesUnderAutomation

    public var description: String {
        switch self {
        case .unknownOption(let option): tr("unknown option '{option}'", ["option": option])
        case .emptyArgument: tr("the URL or file is empty")
        case .fileNotFound(let path):
            Self.looksLikeHost(path) ? tr("no such file: {path} (for a web site, add https:// as in https://{path})", ["path": path])
                : tr("no such file: {path}", ["path": path])
        case .directory(let path): tr("{path} is a directory: name a page file in it", ["path": path])
        case .notARegularFile(let path): tr("{path} is not a regular file (a pipe, device or socket cannot be shown)", ["path": path])
        case .unsupportedScheme(let scheme): tr("unsupported URL scheme '{scheme}:' (use http, https or file)", ["scheme": scheme])
        case .invalidURL(let text): tr("not a valid URL: {text}", ["text": text])
        case .pagesUnderAutomation: tr("--automation opens no page: the WebDriver client loads them")
        }
    }

    /// Whether a missing "file" reads like a web address typed without its scheme
    /// (`example.com`, `localhost:8080/app`): a host name before any `/`, not a page's file name.
    static func looksLikeHost(_ path: String) -> Bool {
        let host = path.prefix { $0 != "/" }
        let name = host.prefix { $0 != ":" }
        guard !path.hasPrefix("."), !name.isEmpty,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else { return false }
        if host.contains(":") || name == "localhost" { return true }
        guard let suffix = name.split(separator: ".").last, name.contains(".") else { return false }
        let fileExtensions: Set<Substring> = ["html", "htm", "xhtml", "svg", "xml", "txt", "md", "pdf", "json", "js",
                                              "css", "png", "jpg", "jpeg", "gif", "webp", "wav", "mp3", "mp4", "webm", "ogg"]
        return suffix.allSatisfy(\.isLetter) && !fileExtensions.contains(suffix.lowercased()[...])
    }
}
