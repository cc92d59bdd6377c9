import Foundation
import LoopTestHelpers
import WebKitGTK

/// A directory to add to a context's sandbox (`added`, empty) and a page beside it, outside it
/// (`page`, titled "page"), in a test directory of their own: what the sandbox-path tests break.
public struct SandboxedFiles {
    /// Where both are; removed with the value's last copy.
    public let files = TestDirectory()
    /// The directory for `WebContext.addSandboxPath`.
    public let added: URL
    /// The page's file.
    public let page: URL

    /// Makes both.
    public init() {
        added = files.url.appendingPathComponent("media")
        try! FileManager.default.createDirectory(at: added, withIntermediateDirectories: true)
        page = files.write("page.html", "<title>page</title><p>page</p>")
    }

    /// A new ephemeral context whose sandbox has `added`.
    @MainActor
    public func context() throws -> WebContext {
        let context = WebContext.ephemeral()
        try context.addSandboxPath(added.path)
        return context
    }
}
