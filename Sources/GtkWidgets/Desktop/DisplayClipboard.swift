import CGtkHelpers
import FoundationEssentials
import GLibCore

/// The display's clipboard (GTK's `CLIPBOARD` selection, Ctrl+C and Ctrl+V): text and images
/// to and from other programs and the app's pages; DesktopServices offers it as `Clipboard`.
///
/// Reading asks the program that owns the clipboard, which answers later, so the reads are
/// `async`; what the app writes stays on the clipboard while the app runs (and after, where
/// the desktop keeps clipboards).
@MainActor
public final class DisplayClipboard {
    /// The clipboard of the default display.
    public static let general = DisplayClipboard()

    #if GTK4
    private var clipboard: OpaquePointer { gdk_display_get_clipboard(gdk_display_get_default())! }

    private init() {}

    /// Puts `text` on the clipboard, for any program to paste.
    public func setText(_ text: String) {
        gdk_clipboard_set_text(clipboard, text)
        storeWhereTheDesktopKeepsIt()
    }

    /// The clipboard's text, or nil when it holds none (or an image only).
    public func text() async -> String? {
        let clipboard = self.clipboard
        return try? await asyncCall(start: { callback, data in
            gdk_clipboard_read_text_async(clipboard, nil, callback, data)
        }, finish: { result throws(GLibError) in
            takeString(try throwingGError { gdk_clipboard_read_text_finish(clipboard, result, $0) })
        })
    }

    /// Puts an image on the clipboard, given as the bytes of a PNG (or any format GDK reads);
    /// other programs paste it in the format they ask for.
    public func setImage(_ encoded: Data) throws(DisplayClipboardError) {
        let bytes = encoded.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count))! }
        defer { g_bytes_unref(bytes) }
        guard let texture = try? throwingGError({ gdk_texture_new_from_bytes(bytes, $0) }) else { throw .notAnImage }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        gdk_clipboard_set_texture(clipboard, texture)
        storeWhereTheDesktopKeepsIt()
    }

    /// The clipboard's image as PNG bytes, or nil when it holds none.
    public func image() async -> Data? {
        let clipboard = self.clipboard
        let texture = try? await asyncCall(start: { callback, data in
            gdk_clipboard_read_texture_async(clipboard, nil, callback, data)
        }, finish: { result throws(GLibError) in
            try throwingGError { gdk_clipboard_read_texture_finish(clipboard, result, $0) }
        })
        guard let texture = texture.flatMap({ $0 }) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard let png = gdk_texture_save_to_png_bytes(texture) else { return nil }
        defer { g_bytes_unref(png) }
        var size: gsize = 0
        guard let bytes = g_bytes_get_data(png, &size) else { return nil }
        return Data(bytes: bytes, count: Int(size))
    }

    /// Hands what the app wrote to the desktop's clipboard manager, where there is one, so
    /// it stays after the app exits, as GTK 3's `gtk_clipboard_store` does.
    private func storeWhereTheDesktopKeepsIt() {
        gdk_clipboard_store_async(clipboard, G_PRIORITY_DEFAULT, nil, nil, nil)
    }
    #else
    private var clipboard: OpaquePointer { gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0))! }

    private init() {}

    /// Puts `text` on the clipboard, for any program to paste.
    public func setText(_ text: String) {
        gtk_clipboard_set_text(clipboard, text, -1)
        gtk_clipboard_store(clipboard)
    }

    /// The clipboard's text, or nil when it holds none (or an image only).
    public func text() async -> String? {
        let clipboard = self.clipboard
        return await withCheckedContinuation { continuation in
            typealias H = @MainActor (String?) -> Void
            let done: H = { continuation.resume(returning: $0) }
            gtk_clipboard_request_text(clipboard, { _, text, data in
                MainActor.assumeIsolated { ClosureBox<H>.take(data)(string(text)) }
            }, ClosureBox.retainedPointer(for: done))
        }
    }

    /// Puts an image on the clipboard, given as the bytes of a PNG (or any format GDK reads);
    /// other programs paste it in the format they ask for.
    public func setImage(_ encoded: Data) throws(DisplayClipboardError) {
        let loader = ObjectReference<GdkPixbufLoader>(adopting: gdk_pixbuf_loader_new())
        let written = encoded.withUnsafeBytes { bytes in
            (try? throwingGError {
                gdk_pixbuf_loader_write(loader.pointer, bytes.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(bytes.count), $0)
            }) ?? 0
        }
        let closed = (try? throwingGError { gdk_pixbuf_loader_close(loader.pointer, $0) }) ?? 0
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader.pointer) else {
            throw .notAnImage
        }
        gtk_clipboard_set_image(clipboard, pixbuf)
        gtk_clipboard_store(clipboard)
    }

    /// The clipboard's image as PNG bytes, or nil when it holds none.
    public func image() async -> Data? {
        let clipboard = self.clipboard
        return await withCheckedContinuation { continuation in
            typealias H = @MainActor (Data?) -> Void
            let done: H = { continuation.resume(returning: $0) }
            gtk_clipboard_request_image(clipboard, { _, pixbuf, data in
                MainActor.assumeIsolated { ClosureBox<H>.take(data)(pixbuf.flatMap(DisplayClipboard.png)) }
            }, ClosureBox.retainedPointer(for: done))
        }
    }

    private static func png(_ pixbuf: OpaquePointer) -> Data? {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        let saved = (try? throwingGError { gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", nil, nil, $0) }) ?? 0
        guard saved != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
    #endif
}

/// Why the clipboard refused what the app gave it.
public enum DisplayClipboardError: Error, Equatable, CustomStringConvertible {
    /// The bytes are no image GDK can read.
    case notAnImage

    public var description: String { "the bytes given are not an image GDK can read" }
}
