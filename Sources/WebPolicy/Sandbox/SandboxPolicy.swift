/// Whether an app's web processes run in WebKit's sandbox, and what happens when the sandbox
/// cannot start: the one rule every app built on the library follows.
///
/// The default is `.required`: web content runs confined, and a machine where the sandbox
/// cannot start gets a one-line reason and remedy on standard error and an exit with
/// `refusedExitStatus`, never a blank window nor a silently unconfined one. The user opts
/// out for one run with `--no-sandbox` (`commandLineFlag`) or `WEBVIEWHOST_NO_SANDBOX=1`
/// (`environmentVariable`); an app opts out, or settles for the sandbox where available,
/// with its requirement. Unconfined runs always say so in one warning line.
public struct SandboxPolicy: Sendable, Equatable {
    /// What the app asks for.
    public enum Requirement: Sendable, Equatable {
        /// Sandboxed, or not at all (the default).
        case required
        /// Sandboxed where the machine allows it, else unconfined with a warning.
        case whenAvailable
        /// Never sandboxed (the app's own choice), with a warning.
        case off
    }

    /// Who turned the sandbox off for this run.
    public enum OptOut: Sendable, Equatable {
        /// The `--no-sandbox` flag.
        case commandLine
        /// `WEBVIEWHOST_NO_SANDBOX` set to a true value.
        case environment
        /// The app's requirement (`.off`).
        case application

        /// How the warning names it.
        var name: String {
            switch self {
            case .commandLine: SandboxPolicy.commandLineFlag
            case .environment: SandboxPolicy.environmentVariable + "=1"
            case .application: "the app's setting"
            }
        }
    }

    /// What to do at start-up.
    public enum Decision: Sendable, Equatable {
        /// Turn the sandbox on for every context.
        case sandboxed
        /// Run unconfined, after printing `warning` (one line).
        case unsandboxed(warning: String)
        /// Start no window: print `message` (one line) and exit with `refusedExitStatus`.
        case refused(message: String)
    }

    /// The flag that turns the sandbox off for one run.
    public static let commandLineFlag = "--no-sandbox"
    /// The environment variable that turns it off (`1`, `true` or `yes`).
    public static let environmentVariable = "WEBVIEWHOST_NO_SANDBOX"
    /// The exit status of a launch refused for want of a sandbox (sysexits' EX_CONFIG: the
    /// machine's configuration, not the app, is at fault).
    public static let refusedExitStatus: Int32 = 78

    /// The app's requirement.
    public var requirement: Requirement
    /// The user's opt-out for this run, nil when none.
    public var userOptOut: OptOut?

    /// The policy of an app with `requirement`, run with `arguments` (after the program
    /// name) in `environment`.
    public init(requirement: Requirement = .required, arguments: [String] = [], environment: [String: String] = [:]) {
        self.requirement = requirement
        if arguments.prefix(while: { $0 != "--" }).contains(Self.commandLineFlag) {
            userOptOut = .commandLine
        } else if let value = environment[Self.environmentVariable], Self.isTrue(value) {
            userOptOut = .environment
        } else {
            userOptOut = nil
        }
    }

    /// Who turned the sandbox off, nil when nobody did.
    public var optOut: OptOut? { userOptOut ?? (requirement == .off ? .application : nil) }

    /// Whether the preflight is needed: not when the sandbox is off anyway.
    public var wantsSandbox: Bool { optOut == nil }

    /// The decision, given the preflight's finding (`problem`, nil when the sandbox can start;
    /// ignored when the sandbox is off). The lines it carries name no program: the app
    /// prefixes its own name.
    public func decide(problem: SandboxProblem?) -> Decision {
        if let optOut {
            return .unsandboxed(warning: "warning: web content runs without the sandbox (turned off by \(optOut.name))")
        }
        guard let problem else { return .sandboxed }
        if requirement == .whenAvailable {
            return .unsandboxed(warning: "warning: web content runs without the sandbox: \(problem.reason)")
        }
        return .refused(message: "cannot sandbox web content: \(problem.reason); \(problem.remedy), "
            + "or run with \(Self.commandLineFlag) (or \(Self.environmentVariable)=1) to run it unconfined")
    }

    private static func isTrue(_ value: String) -> Bool {
        ["1", "true", "yes", "on"].contains(value.lowercased())
    }
}
