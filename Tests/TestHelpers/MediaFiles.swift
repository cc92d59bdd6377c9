import Foundation
import LoopTestHelpers

/// Media files made at test time, so the repository holds no binaries.
public enum MediaFiles {
    /// Writes a VP8 WebM clip of `seconds` seconds (a test pattern, 320×240, 30 fps, no sound)
    /// with GStreamer's `gst-launch-1.0` (Debian: gstreamer1.0-tools, -plugins-good).
    public static func webmClip(at url: URL, seconds: Int) throws {
        let launcher = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        guard FileManager.default.isExecutableFile(atPath: launcher.path) else {
            throw MediaFileError(description: "gst-launch-1.0 missing: apt-get install gstreamer1.0-tools gstreamer1.0-plugins-good")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let termination = try ChildProcess(launcher.path, [
            "-q", "videotestsrc", "num-buffers=\(seconds * 30)", "!",
            "video/x-raw,width=320,height=240,framerate=30/1", "!",
            "vp8enc", "deadline=1", "!", "webmmux", "!", "filesink", "location=\(url.path)",
        ]).wait()
        guard termination == .exited(0) else {
            throw MediaFileError(description: "gst-launch-1.0 failed: \(termination)")
        }
    }

    /// Writes a WAV file of `seconds` of silence (48 kHz, stereo, 16-bit: 192,000 bytes a
    /// second) and returns its size. The samples are a hole in the file (sparse), so a large
    /// file costs no disk writes.
    @discardableResult
    public static func silentWAV(at url: URL, seconds: Int) throws -> Int {
        let dataSize = UInt32(seconds * 192_000)
        var header = Data("RIFF".utf8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        append(UInt32(36) + dataSize)
        header.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16)); append(UInt16(1)); append(UInt16(2)); append(UInt32(48_000))
        append(UInt32(192_000)); append(UInt16(4)); append(UInt16(16))
        header.append(contentsOf: Array("data".utf8))
        append(dataSize)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try header.write(to: url)
        let size = header.count + Int(dataSize)
        guard truncate(url.path, off_t(size)) == 0 else {
            throw MediaFileError(description: "cannot size \(url.path): errno \(errno)")
        }
        return size
    }
}

/// A media file could not be made.
public struct MediaFileError: Error, CustomStringConvertible {
    public let description: String
}
