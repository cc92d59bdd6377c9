import Foundation

/// What the command line asks the app to do.
public enum LaunchRequest: Sendable, Equatable {
    /// Print usage and exit successfully.
    case showUsage
    /// Open the demo start page from the app's resources.
    case openStartPage
    /// Open this URI (`http:`, `https:` or an existing `file:`).
    case open(uri: String)
}

/// A command line the app refuses, with the message the user sees.
public enum CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case tooManyArguments([String])
    case emptyArgument
    case fileNotFound(path: String)
    case unsupportedScheme(String)
    case invalidURL(String)

    public var description: String {
        switch self {
        case .unknownOption(let option): "unknown option '\(option)'"
        case .tooManyArguments(let arguments): "expected one URL or file, got \(arguments.count): \(arguments.joined(separator: " "))"
        case .emptyArgument: "the URL or file is empty"
        case .fileNotFound(let path): "no such file: \(path)"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme):' (use http, https or file)"
        case .invalidURL(let text): "not a valid URL: \(text)"
        }
    }
}
