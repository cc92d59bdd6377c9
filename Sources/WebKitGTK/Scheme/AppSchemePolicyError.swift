/// Why `AppScheme.allow(_:for:)` refused to widen the policy; the policy is unchanged.
public enum AppSchemePolicyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The directive is not a CSP directive name (lower-case letters and `-`).
    case invalidDirective(String)
    /// The source is not one CSP source expression: empty, with white space, `;` or `,`, a
    /// quote left open, or a character outside printable ASCII.
    case invalidSource(String, directive: String)

    /// What to fix, in a sentence.
    public var description: String {
        switch self {
        case .invalidDirective(let directive):
            "“\(directive)” is not a Content-Security-Policy directive name (such as connect-src)"
        case .invalidSource(let source, let directive):
            "“\(source)” is not one source for \(directive): use one URL, scheme (https:) or quoted keyword ('unsafe-eval') per entry"
        }
    }
}
