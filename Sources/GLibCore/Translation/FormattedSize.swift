import CGLib

/// A file size as the user's locale writes it ("1.5 MB", "1,5 MB"), through GLib's
/// `g_format_size` and GLib's own translations — not Foundation's ICU-backed formatters,
/// whose data would weigh more than the rest of an app.
public enum FormattedSize {
    /// `bytes` in SI units (kB, MB, GB), as GNOME's file managers show sizes.
    public static func of(bytes: UInt64) -> String {
        let text = g_format_size(guint64(bytes))!
        defer { g_free(text) }
        return String(cString: text)
    }
}
