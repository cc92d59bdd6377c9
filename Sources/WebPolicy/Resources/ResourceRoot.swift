import FoundationEssentials
import Glibc

/// A directory whose files a custom scheme serves, and the containment check that keeps
/// every answer inside it.
///
/// A checked `ResourcePath` cannot spell its way out, but a symbolic link inside the
/// root still could; so the candidate's real path (all links resolved) must lie inside
/// the root's real path. Directories answer with their `index.html`.
public struct ResourceRoot: Sendable {
    /// The root as given.
    public let path: String
    /// The root with every symbolic link resolved, fixed when the root is made.
    public let realPath: String

    /// Fails when the directory does not exist.
    public init(path: String) throws(ResourceRootError) {
        guard let real = Self.realPath(of: path), Self.isDirectory(real) else {
            throw ResourceRootError.notADirectory(path)
        }
        self.path = path
        self.realPath = real
    }

    /// The real path of the regular file `resource` names inside the root, or nil when there
    /// is none or it lies outside the root.
    public func file(for resource: ResourcePath) -> String? {
        var candidate = resource.segments.isEmpty ? realPath : realPath + "/" + resource.relativePath
        if Self.isDirectory(candidate) { candidate += "/index.html" }
        guard let real = Self.realPath(of: candidate), contains(real), Self.isRegularFile(real) else { return nil }
        return real
    }

    /// Whether a real (link-free) path is the root or lies below it.
    func contains(_ real: String) -> Bool {
        real == realPath || real.hasPrefix(realPath.hasSuffix("/") ? realPath : realPath + "/")
    }

    private static func realPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}

/// Why a directory cannot be served.
public enum ResourceRootError: Error, Equatable, Sendable {
    /// The path (as given) does not exist, or is not a directory once links are resolved.
    case notADirectory(String)
}
