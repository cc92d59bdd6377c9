/// Why a web context cannot be driven by WebDriver.
public enum AutomationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// WebKit lets one context per process accept automation, and another one already does.
    case anotherContextIsAutomated

    public var description: String {
        switch self {
        case .anotherContextIsAutomated: "another web context of this process already accepts WebDriver automation"
        }
    }
}
