/// The Content-Type for a served file, chosen by its extension.
///
/// A fixed table rather than content sniffing: what a file is served as must not depend
/// on what it contains, and pages get `X-Content-Type-Options: nosniff` as well.
public enum MIMEType {
    /// Served when the extension is unknown: the browser will not run or render it.
    public static let fallback = "application/octet-stream"

    static let byExtension: [String: String] = [
        "html": "text/html", "htm": "text/html", "xhtml": "application/xhtml+xml",
        "css": "text/css", "js": "text/javascript", "mjs": "text/javascript",
        "json": "application/json", "map": "application/json", "xml": "application/xml",
        "txt": "text/plain", "md": "text/markdown", "csv": "text/csv",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "bmp": "image/bmp",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "wasm": "application/wasm",
        "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg", "wav": "audio/wav",
        "flac": "audio/flac", "m4a": "audio/mp4", "opus": "audio/ogg",
        "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "ogv": "video/ogg",
        "pdf": "application/pdf", "zip": "application/zip",
    ]

    /// The MIME type for a file name or path, by its last extension, case-insensitively.
    public static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }
}
