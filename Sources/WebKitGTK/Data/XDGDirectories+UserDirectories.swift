import GLibCore
import WebPolicy

extension XDGDirectories {
    /// The directories for `applicationID` under GLib's user directories, which honour the
    /// XDG variables and `HOME` as GTK and WebKit do: a private `HOME` keeps a private profile.
    public init(applicationID: String) {
        self.init(applicationID: applicationID, dataHome: UserDirectories.data, cacheHome: UserDirectories.cache,
                  configHome: UserDirectories.config, stateHome: UserDirectories.state)
    }
}
