import CWebKitGTKHelpers
import GLibCore

/// A view's back/forward list and where in it the view stands, as bytes: what survives a
/// web-process crash (`WebView` keeps the last one and puts it back on Reload), and what an
/// app may store to bring a window's history back in a later run.
public struct WebViewSessionState: Sendable, Equatable {
    /// WebKit's own serialization; opaque, but stable enough for WebKit to read back.
    public let data: [UInt8]

    /// The state in `data`; nil unless WebKit can read it (bytes from elsewhere, or damaged).
    public init?(data: [UInt8]) {
        guard let state = Self.withState(data, { _ in true }), state else { return nil }
        self.data = data
    }

    @MainActor
    init(of view: UnsafeMutablePointer<WebKitWebView>) {
        let state = webkit_web_view_get_session_state(view)!
        defer { webkit_web_view_session_state_unref(state) }
        let bytes = webkit_web_view_session_state_serialize(state)!
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let start = g_bytes_get_data(bytes, &size)
        data = start.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(size))) } ?? []
    }

    /// Restores the back/forward list into `view` (WebKit loads nothing until asked).
    @MainActor
    func restore(into view: UnsafeMutablePointer<WebKitWebView>) {
        _ = Self.withState(data) { webkit_web_view_restore_session_state(view, $0) }
    }

    private static func withState<Result>(_ data: [UInt8],
                                          _ body: (OpaquePointer) -> Result) -> Result? {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let state = webkit_web_view_session_state_new(bytes) else { return nil }
        defer { webkit_web_view_session_state_unref(state) }
        return body(state)
    }
}
