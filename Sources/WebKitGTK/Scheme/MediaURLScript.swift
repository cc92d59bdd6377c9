import CWebKitGTK
import Foundation

/// The script the scheme writes into its pages so that their media elements load from the
/// `MediaServer`: page authors keep writing `<video src="clip.webm">`.
///
/// It runs first in every page (right after the policy tag) and rewrites any `src` of a
/// `<video>`, `<audio>` or their `<source>` that resolves to the scheme's origin into the
/// server's URL for the same path, keeping query and fragment (`#t=10`): through the `src`
/// properties, `setAttribute`, `new Audio(…)`, and — with a `MutationObserver` — markup
/// the parser or `innerHTML` inserts, before the element's resource selection runs (a
/// `<source>` fixed after its element gave up gets the element reloaded). Other URLs
/// are left alone. The pages' policy allows it by its SHA-256 hash, so it stays the only
/// inline script the policy lets run.
struct MediaURLScript {
    /// The JavaScript, without the `<script>` tags.
    let source: String

    init(scheme: String, host: String, serverBaseURI: String) {
        source = """
            (() => {
            "use strict";
            const base = \(Self.literal(serverBaseURI)), scheme = \(Self.literal(scheme + ":")), host = \(Self.literal(host));
            const toServer = (value) => {
              let url;
              try { url = new URL(String(value), document.baseURI); } catch { return value; }
              if (url.protocol !== scheme || url.host !== host) return value;
              return base + url.pathname.replace(/^\\/+/, "") + url.search + url.hash;
            };
            const isMedia = (node) => node instanceof HTMLMediaElement
              || (node instanceof HTMLSourceElement && node.parentElement instanceof HTMLMediaElement);
            const setAttribute = Element.prototype.setAttribute, getAttribute = Element.prototype.getAttribute;
            const fix = (element) => {
              const value = getAttribute.call(element, "src");
              if (value === null || toServer(value) === value) return;
              setAttribute.call(element, "src", toServer(value));
              const media = element.parentElement;
              if (element instanceof HTMLSourceElement && media instanceof HTMLMediaElement
                  && (media.networkState === HTMLMediaElement.NETWORK_NO_SOURCE || media.error)) media.load();
            };
            for (const type of [HTMLMediaElement, HTMLSourceElement]) {
              const property = Object.getOwnPropertyDescriptor(type.prototype, "src");
              Object.defineProperty(type.prototype, "src", { ...property, set(value) { property.set.call(this, toServer(value)); } });
            }
            Element.prototype.setAttribute = function setAttribute_(name, value) {
              const rewrite = isMedia(this) && String(name).toLowerCase() === "src";
              return setAttribute.call(this, name, rewrite ? toServer(value) : value);
            };
            const NativeAudio = window.Audio;
            window.Audio = function Audio(src) { return src === undefined ? new NativeAudio() : new NativeAudio(toServer(src)); };
            window.Audio.prototype = NativeAudio.prototype;
            const visit = (node) => {
              if (!(node instanceof Element)) return;
              if (isMedia(node)) fix(node);
              node.querySelectorAll("video, audio, video > source, audio > source").forEach(fix);
            };
            new MutationObserver((records) => {
              for (const record of records) {
                if (record.type === "attributes") { if (isMedia(record.target)) fix(record.target); }
                else record.addedNodes.forEach(visit);
              }
            }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["src"] });
            })();
            """
    }

    /// The CSP source that allows exactly this script: `'sha256-…'`.
    var hashSource: String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)!
        defer { g_checksum_free(checksum) }
        let bytes = Array(source.utf8)
        g_checksum_update(checksum, bytes, gssize(bytes.count))
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return "'sha256-\(Data(digest.prefix(Int(length))).base64EncodedString())'"
    }

    /// A JavaScript string literal that cannot end the `<script>` element it sits in.
    private static func literal(_ text: String) -> String {
        let json = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        return json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
