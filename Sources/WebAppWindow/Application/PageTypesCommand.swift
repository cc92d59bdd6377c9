import FoundationEssentials
import Glibc
import WebBridge

/// `--write-page-types DIR` on an app's command line (`PageTypes.commandLineFlag`): the app
/// writes its pages' type files (`PageTypes`) into DIR and exits, opening no window and
/// needing no display. What the `generate-page-types` command plugin runs.
enum PageTypesCommand {
    /// The directory asked for, nil when the option is not there; throws when it lacks its directory.
    static func directory(in arguments: [String]) throws(PageTypesCommandError) -> URL? {
        guard let index = arguments.firstIndex(of: PageTypes.commandLineFlag) else { return nil }
        guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else { throw .missingDirectory }
        return URL(fileURLWithPath: arguments[index + 1])
    }

    /// Writes the files of `contract` into the directory the arguments name; the exit status
    /// (0, or 1 with the reason on standard error), or nil when not asked.
    static func run(arguments: [String], contract: BridgeContract?) -> Int32? {
        let directory: URL
        do {
            guard let asked = try Self.directory(in: arguments) else { return nil }
            directory = asked
        } catch {
            return fail(error.description)
        }
        guard let contract else { return fail(PageTypesCommandError.noContract.description) }
        do {
            for url in try PageTypes(contract: contract).write(to: directory) { print("wrote \(url.path)") }
            return 0
        } catch {
            return fail("cannot write the page types to \(directory.path): \(error)")  // untranslated: a developer's build step
        }
    }

    private static func fail(_ message: String) -> Int32 {
        let text = "\(CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "app"): \(message)\n"
        _ = write(STDERR_FILENO, text, text.utf8.count)
        return 1
    }
}

/// Why `--write-page-types` wrote nothing.
enum PageTypesCommandError: Error, CustomStringConvertible {
    /// The option came last, or before another option.
    case missingDirectory
    /// The app's configuration has no `contract`.
    case noContract

    var description: String {
        switch self {
        case .missingDirectory: "\(PageTypes.commandLineFlag) needs a directory: \(PageTypes.commandLineFlag) DIR"
        case .noContract: "\(PageTypes.commandLineFlag): the app's WebApplicationConfiguration has no contract to write"
        }
    }
}
