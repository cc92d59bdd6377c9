import WebKitGTK

extension XDGDirectories {
    /// The directories an app would use with `HOME=home` and no XDG variables set: a test's
    /// private profile, whatever the machine's own variables say.
    public init(applicationID: String, home: String) {
        self.init(applicationID: applicationID, dataHome: home + "/.local/share", cacheHome: home + "/.cache",
                  configHome: home + "/.config", stateHome: home + "/.local/state")
    }
}
