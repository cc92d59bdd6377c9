import CWebKitGTKHelpers
import WebPolicy

extension WebView {
    /// WebKit turns a `file:` URI into a path as UTF-8 and fails ("Operation not supported")
    /// on a file name that is not: such a page (`caf%E9.html`, Latin-1) is read through GIO,
    /// which keeps the bytes, and shown with its directory as the base URI (WebKit refuses
    /// such a URI even as a base), so its relative links resolve as they would. Nil when
    /// WebKit can load `uri` itself.
    func fileBytesLoad(of uri: String) -> (bytes: [UInt8], mimeType: String, baseURI: String)? {
        guard let path = LocalFilePath(fileURI: uri), path.text == nil else { return nil }
        let file = g_file_new_for_uri(uri)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        guard g_file_load_contents(file, nil, &contents, &length, nil, nil) != 0, let contents else { return nil }
        defer { g_free(contents) }
        let bytes = contents.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
        let basename = g_file_get_basename(file)
        defer { g_free(basename) }
        let type = bytes.withUnsafeBytes { g_content_type_guess(basename, $0.baseAddress, gsize($0.count), nil) }
        defer { g_free(type) }
        let mimeType = type.flatMap { g_content_type_get_mime_type($0) }
        defer { g_free(mimeType) }
        return (bytes, mimeType.map { String(cString: $0) } ?? "application/octet-stream",
                String(uri.prefix { $0 != "?" && $0 != "#" }.reversed().drop { $0 != "/" }.reversed()))
    }
}
