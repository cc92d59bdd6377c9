import WebPolicy
import FoundationEssentials

extension WebsiteDataLocation {
    /// A context storing its data here, or, when `ephemeral`, one that writes nothing to
    /// disk at all (these directories are neither read nor created); its web processes are
    /// held to `memoryLimit` (nil: WebKit's defaults).
    @MainActor
    public func makeContext(ephemeral: Bool = false, memoryLimit: WebProcessMemoryLimit? = .standard) -> WebContext {
        ephemeral ? .ephemeral(memoryLimit: memoryLimit)
            : WebContext(dataDirectory: dataDirectory.path, cacheDirectory: cacheDirectory.path, memoryLimit: memoryLimit)
    }
}
