import CWebKitGTKHelpers

/// The WebKitGTK library this process runs (not the headers it was built with): what decides
/// which features and fixes the app gets.
public enum WebKitVersion {
    /// The runtime version, as "2.50.6".
    public static var runtime: String {
        "\(webkit_get_major_version()).\(webkit_get_minor_version()).\(webkit_get_micro_version())"
    }

    #if GTK4
    /// The WebKitGTK API this build uses: "4.1" (webkit2gtk-4.1, GTK 3) or "6.0" (GTK 4).
    public static let api = "6.0"
    #else
    /// The WebKitGTK API this build uses: "4.1" (webkit2gtk-4.1, GTK 3) or "6.0" (GTK 4).
    public static let api = "4.1"
    #endif

    /// The runtime version's parts (major, minor, micro).
    public static var components: (major: Int, minor: Int, micro: Int) {
        (Int(webkit_get_major_version()), Int(webkit_get_minor_version()), Int(webkit_get_micro_version()))
    }
}
