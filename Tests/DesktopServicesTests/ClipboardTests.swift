import CGtkHelpers
import DesktopServices
import Foundation
import TestHelpers
import XCTest

/// The desktop clipboard from Swift: text and an image written and read back through GTK's
/// clipboard on the test's X display (the selection really owned and converted by X).
final class ClipboardTests: GTKTestCase {
    func testTextRoundTrip() {
        gtkTest {
            let text = "copied \(UUID().uuidString) — ünïcode"
            Clipboard.general.setText(text)
            let read = await Clipboard.general.text()
            XCTAssertEqual(read, text)
        }
    }

    func testAnImageRoundTripAndBytesThatAreNoImage() {
        gtkTest {
            // A 2 × 1 PNG made by GDK itself from known pixels.
            let png = try XCTUnwrap(Self.png(width: 2, height: 1, rgb: [255, 0, 0, 0, 0, 255]))
            try Clipboard.general.setImage(png)
            let image = await Clipboard.general.image()
            let read = try XCTUnwrap(image, "no image on the clipboard")
            XCTAssertEqual(Array(read.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
            XCTAssertEqual(Self.pixels(of: read), [255, 0, 0, 0, 0, 255])

            XCTAssertThrowsError(try Clipboard.general.setImage(Data("not an image".utf8))) { error in
                XCTAssertEqual(error as? ClipboardError, .notAnImage)
            }
        }
    }
}

private extension ClipboardTests {
    /// A PNG of `rgb` pixels, row by row, made by GDK from a PPM image.
    @MainActor
    static func png(width: Int, height: Int, rgb: [UInt8]) -> Data? {
        let ppm = Data("P6\n\(width) \(height)\n255\n".utf8) + Data(rgb)
        guard let pixbuf = pixbuf(from: ppm) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", nil, nil, nil) != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// The RGB bytes of an encoded image, row by row, without padding or alpha.
    @MainActor
    static func pixels(of encoded: Data) -> [UInt8]? {
        guard let pixbuf = pixbuf(from: encoded) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), rowStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        var rgb: [UInt8] = []
        for y in 0..<Int(gdk_pixbuf_get_height(pixbuf)) {
            for x in 0..<Int(gdk_pixbuf_get_width(pixbuf)) {
                for channel in 0..<3 { rgb.append(pixels[y * rowStride + x * channels + channel]) }
            }
        }
        return rgb
    }

    @MainActor
    static func pixbuf(from encoded: Data) -> OpaquePointer? {
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(loader) }
        let written = encoded.withUnsafeBytes {
            gdk_pixbuf_loader_write(loader, $0.baseAddress?.assumingMemoryBound(to: guchar.self), gsize($0.count), nil)
        }
        guard written != 0, gdk_pixbuf_loader_close(loader, nil) != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            return nil
        }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }
}
