import FoundationEssentials

/// The development loop of any app on `WebApplication`: asked for with `--dev` on the
/// command line or `WEBVIEWHOST_DEV=1`, honoured by debug builds only — a release build
/// (what `make deb` and the `deb` plugin package) ignores both, so a packaged app never
/// watches its files or prints its pages' console.
///
/// In it, every window reloads its page when a file under the web directory changes (the
/// window stays), and the pages' console messages and uncaught errors are printed to
/// standard error with their source and line (`DevelopmentConsole`).
public enum DevelopmentMode {
    /// The command-line option that asks for it.
    public static let commandLineFlag = "--dev"
    /// The environment variable that asks for it when set to `1`.
    public static let environmentVariable = "WEBVIEWHOST_DEV"

    /// Whether this build honours the request: debug builds only.
    public static var isAvailable: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// Whether `arguments` or `environment` ask for it and this build honours that.
    public static func isRequested(arguments: [String] = CommandLine.arguments,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        isAvailable && (arguments.dropFirst().contains(commandLineFlag) || environment[environmentVariable] == "1")
    }
}
