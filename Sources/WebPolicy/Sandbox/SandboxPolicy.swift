/// Whether an app's web processes run in WebKit's sandbox, and what happens when the sandbox
/// cannot start: the one rule every app built on the library follows.
///
/// The default is `.required`: web content runs confined, and a machine where the sandbox
/// cannot start gets a one-line reason and remedy on standard error and an exit with
/// `refusedExitStatus`, never a blank window nor a silently unconfined one. The user opts
/// out for one run with `--no-sandbox` (`commandLineFlag`) or `WEBVIEWHOST_NO_SANDBOX=1`
/// (`environmentVariable`); an app opts out, or settles for the sandbox where available,
/// with its requirement. Unconfined runs always say so in one warning line. Where the WebKit
/// in use cannot run web content unconfined at all (WebKitGTK 6.0), an opt-out changes
/// nothing but a warning line, and a machine without a working sandbox is refused whatever
/// the requirement: `decide(problem:canRunUnconfined:)`.
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
    }

    /// What to do at start-up.
    public enum Decision: Sendable, Equatable {
        /// Turn the sandbox on for every context.
        case sandboxed
        /// Keep the sandbox on although someone turned it off, after a warning line saying so:
        /// the WebKit in use cannot run web content unconfined.
        case sandboxedDespiteOptOut(OptOut)
        /// Run unconfined, after a warning line saying why.
        case unsandboxed(Unconfined)
        /// Start no window: say why (`problem`, its remedy and the opt-out) in one line and
        /// exit with `refusedExitStatus`.
        case refused(SandboxProblem)
    }

    /// Why web content runs unconfined.
    public enum Unconfined: Sendable, Equatable {
        /// Someone turned the sandbox off.
        case optedOut(OptOut)
        /// The app runs unconfined where the sandbox cannot start (`.whenAvailable`), and here it cannot.
        case unavailable(SandboxProblem)
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

    /// Whether the preflight is needed: not when the sandbox is off anyway, which it can be
    /// only where the WebKit in use can run web content unconfined (`canRunUnconfined`).
    public func wantsSandbox(canRunUnconfined: Bool = true) -> Bool { optOut == nil || !canRunUnconfined }

    /// The decision, given the preflight's finding (`problem`, nil when the sandbox can start;
    /// ignored when the sandbox is off) and whether the WebKit in use can run web content
    /// outside its sandbox at all (WebKitGTK 6.0 cannot: there an opt-out only earns a
    /// warning, and a sandbox that cannot start is a refusal, since unconfined is no choice).
    public func decide(problem: SandboxProblem?, canRunUnconfined: Bool = true) -> Decision {
        if let optOut, canRunUnconfined { return .unsandboxed(.optedOut(optOut)) }
        if let problem {
            return requirement == .whenAvailable && canRunUnconfined ? .unsandboxed(.unavailable(problem)) : .refused(problem)
        }
        return optOut.map { .sandboxedDespiteOptOut($0) } ?? .sandboxed
    }

    private static func isTrue(_ value: String) -> Bool {
        ["1", "true", "yes", "on"].contains(value.lowercased())
    }
}
