import FoundationEssentials
import GLibCore

/// Which GStreamer elements WebKit's media player finds on this machine: those every
/// `<video>` and `<audio>` needs, and the decoders and demuxers of the common codecs, each
/// missing one named with the Debian package that brings it.
public struct MediaSupport: Sendable, Equatable {
    /// One element WebKit's player uses.
    public struct Element: Sendable, Equatable {
        /// GStreamer's element name (`vp9dec`).
        public let name: String
        /// What it gives a page ("VP9 video").
        public let purpose: String
        /// The Debian package that has it.
        public let package: String
    }

    /// The elements every media element needs.
    public static let required: [Element] = [
        Element(name: "playbin", purpose: "playback", package: "gstreamer1.0-plugins-base"),
        Element(name: "decodebin", purpose: "decoding", package: "gstreamer1.0-plugins-base"),
        Element(name: "appsrc", purpose: "MSE and loading", package: "gstreamer1.0-plugins-base"),
        Element(name: "appsink", purpose: "video frames", package: "gstreamer1.0-plugins-base"),
        Element(name: "videoconvert", purpose: "video conversion", package: "gstreamer1.0-plugins-base"),
        Element(name: "audioconvert", purpose: "audio conversion", package: "gstreamer1.0-plugins-base"),
        Element(name: "audioresample", purpose: "audio resampling", package: "gstreamer1.0-plugins-base"),
        Element(name: "volume", purpose: "volume", package: "gstreamer1.0-plugins-base"),
        Element(name: "autoaudiosink", purpose: "sound output", package: "gstreamer1.0-plugins-good"),
    ]

    /// The common codecs' decoders and containers' demuxers.
    public static let codecs: [Element] = [
        Element(name: "matroskademux", purpose: "WebM/Matroska", package: "gstreamer1.0-plugins-good"),
        Element(name: "qtdemux", purpose: "MP4", package: "gstreamer1.0-plugins-good"),
        Element(name: "vp8dec", purpose: "VP8 video", package: "gstreamer1.0-plugins-good"),
        Element(name: "vp9dec", purpose: "VP9 video", package: "gstreamer1.0-plugins-good"),
        Element(name: "avdec_h264", purpose: "H.264 video", package: "gstreamer1.0-libav"),
        Element(name: "dav1ddec", purpose: "AV1 video", package: "gstreamer1.0-plugins-bad"),
        Element(name: "opusdec", purpose: "Opus audio", package: "gstreamer1.0-plugins-base"),
        Element(name: "vorbisdec", purpose: "Vorbis audio", package: "gstreamer1.0-plugins-base"),
        Element(name: "avdec_aac", purpose: "AAC audio", package: "gstreamer1.0-libav"),
        Element(name: "mpg123audiodec", purpose: "MP3 audio", package: "gstreamer1.0-plugins-good"),
    ]

    /// Every element GStreamer's registry lists here; nil when it could not be listed.
    public let available: Set<String>?
    /// Why the registry could not be listed (in the user's language), nil when it was.
    public let problem: String?

    /// The required elements missing here.
    public var missingRequired: [Element] { Self.required.filter { !(available?.contains($0.name) ?? false) } }
    /// The codec elements missing here.
    public var missingCodecs: [Element] { Self.codecs.filter { !(available?.contains($0.name) ?? false) } }

    /// Reads the registry with `gst-inspect-1.0` (one run, bounded by `timeout` seconds: the
    /// first run in a session may rebuild GStreamer's registry cache).
    @MainActor
    static func probe(timeout: Double) -> MediaSupport {
        do {
            let outcome = try BoundedCommand(["gst-inspect-1.0"], timeout: timeout).run()
            if outcome.timedOut {
                return MediaSupport(available: nil, problem: tr("{command} did not finish within {seconds} s",
                                                                   ["command": "gst-inspect-1.0", "seconds": "\(Int(timeout))"]))
            }
            return MediaSupport(available: elements(inListing: outcome.standardOutput), problem: nil)
        } catch {
            return MediaSupport(available: nil, problem: tr("{command} cannot run (install {package}): {reason}",
                                                               ["command": "gst-inspect-1.0", "package": "gstreamer1.0-tools", "reason": error.message]))
        }
    }

    /// The element names in `gst-inspect-1.0`'s listing (`plugin:  element: description`).
    static func elements(inListing listing: String) -> Set<String> {
        Set(listing.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 2)
            guard parts.count == 3 else { return nil }
            return parts[1].trimmingWhitespace()
        })
    }
}
