import FoundationEssentials
import Glibc

/// A path of a context's sandbox that `bwrap` cannot bind now, and why: a web process of the
/// context cannot start until it is mended (see `WebContext.sandboxProblem`).
public struct SandboxPathProblem: Sendable, Equatable, CustomStringConvertible {
    /// The path, as added to the sandbox.
    public let path: String
    /// The system's reason, as `bwrap` meets it ("Too many levels of symbolic links").
    public let reason: String

    /// The problem with `path`, for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The problem in a sentence.
    public var description: String {
        "the web process sandbox cannot bind \(path): \(reason)"
    }

    /// Looks `path` up as `bwrap` does before binding it (`realpath(3)`, as this user): nil
    /// when found, else the `errno` of the failure.
    static func lookupError(_ path: String) -> Int32? {
        guard let resolved = realpath(path, nil) else { return errno }
        free(resolved)
        return nil
    }

    /// The system's words for `error`.
    static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
