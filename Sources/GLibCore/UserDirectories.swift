import CGLib

/// The user's base directories as GLib resolves them (`g_get_user_data_dir` and its kin): the
/// XDG variables when set, else under `$HOME`, as GTK, WebKit and GNOME Web resolve theirs.
///
/// GLib reads the environment once, at its first call; an app that changes `HOME` later
/// does not move its files.
public enum UserDirectories {
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public static var data: String { String(cString: g_get_user_data_dir()) }
    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public static var cache: String { String(cString: g_get_user_cache_dir()) }
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public static var config: String { String(cString: g_get_user_config_dir()) }
    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    public static var state: String { String(cString: g_get_user_state_dir()) }
    /// The home directory: `$HOME`, else the password database's.
    public static var home: String { String(cString: g_get_home_dir()) }
    /// The user's Downloads folder as `user-dirs.dirs` names it (`XDG_DOWNLOAD_DIR`); nil when
    /// it names none.
    public static var downloads: String? { g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD).map { String(cString: $0) } }
}
