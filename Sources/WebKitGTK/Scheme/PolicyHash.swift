import CWebKitGTKHelpers
import FoundationEssentials

/// The Content-Security-Policy source that allows exactly one inline script or style:
/// `'sha256-…'` of its text's bytes.
enum PolicyHash {
    static func source(of bytes: [UInt8]) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)!
        defer { g_checksum_free(checksum) }
        g_checksum_update(checksum, bytes, gssize(bytes.count))
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return "'sha256-\(Data(digest.prefix(Int(length))).base64EncodedString())'"
    }
}
