import CWebKitGTKHelpers
import GLibCore

/// The page-facing settings a host app decides on, with safe defaults.
///
/// Defaults: JavaScript on; pages may not open windows on their own (only
/// in answer to a click); developer extras (the inspector) off.
public struct WebViewSettings: Sendable, Equatable {
    /// Whether pages may run JavaScript; on by default, as the app's pages and the bridge need it.
    public var javaScriptEnabled = true
    /// Whether a page's script may open windows without a user's click; off by default, so a
    /// page cannot pop windows up on its own.
    public var javaScriptCanOpenWindowsAutomatically = false
    /// Whether the Web Inspector is available; off by default, and `WebView.showInspector()`
    /// turns it on when asked for.
    public var developerExtrasEnabled = false
    /// The smallest font size, in pixels, a page may use; 0 leaves pages free.
    public var minimumFontSize = 0
    /// Whether file:// pages may read other file:// URLs (off: each file is its own origin).
    public var allowFileAccessFromFileURLs = false

    /// The defaults the type lists; change the properties a host needs otherwise.
    public init() {}

    /// Applies these settings to a WebKit settings object.
    func apply(to settings: UnsafeMutablePointer<WebKitSettings>) {
        webkit_settings_set_enable_javascript(settings, javaScriptEnabled ? 1 : 0)
        webkit_settings_set_javascript_can_open_windows_automatically(settings, javaScriptCanOpenWindowsAutomatically ? 1 : 0)
        webkit_settings_set_enable_developer_extras(settings, developerExtrasEnabled ? 1 : 0)
        webkit_settings_set_minimum_font_size(settings, UInt32(clamping: minimumFontSize))
        webkit_settings_set_allow_file_access_from_file_urls(settings, allowFileAccessFromFileURLs ? 1 : 0)
    }

    /// Reads the settings back from a WebKit settings object.
    init(reading settings: UnsafeMutablePointer<WebKitSettings>) {
        javaScriptEnabled = webkit_settings_get_enable_javascript(settings) != 0
        javaScriptCanOpenWindowsAutomatically = webkit_settings_get_javascript_can_open_windows_automatically(settings) != 0
        developerExtrasEnabled = webkit_settings_get_enable_developer_extras(settings) != 0
        minimumFontSize = Int(webkit_settings_get_minimum_font_size(settings))
        allowFileAccessFromFileURLs = webkit_settings_get_allow_file_access_from_file_urls(settings) != 0
    }
}
