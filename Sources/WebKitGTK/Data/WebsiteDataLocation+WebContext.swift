import WebPolicy

extension WebsiteDataLocation {
    /// A context storing its data here, or, when `ephemeral`, one that writes nothing to
    /// disk at all (these directories are neither read nor created).
    @MainActor
    public func makeContext(ephemeral: Bool = false) -> WebContext {
        ephemeral ? .ephemeral() : WebContext(dataDirectory: dataDirectory.path, cacheDirectory: cacheDirectory.path)
    }
}
