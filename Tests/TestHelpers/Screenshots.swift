import Foundation
import TestHelpers

/// Pictures of X windows (ImageMagick's `import` and `compare`), to see what the user sees.
public enum Screenshots {
    /// Saves what `window` (an X window id) shows now as a PNG file.
    public static func capture(_ window: String, to file: URL) throws {
        let result = try runTool("/usr/bin/import", ["-screen", "-window", window, file.path])
        guard result.status == 0 else { throw HarnessError("import failed: \(result.output)") }
    }

    /// How many pixels differ between two pictures of the same size; `region` (ImageMagick
    /// geometry, `"1000x700+0+0"`) compares only that part.
    public static func differingPixels(_ first: URL, _ second: URL, region: String? = nil) throws -> Int {
        var files = [first, second]
        if let region {
            files = try files.map { file in
                let cropped = file.deletingPathExtension().appendingPathExtension("region.png")
                let result = try runTool("/usr/bin/convert", [file.path, "-crop", region, "+repage", cropped.path])
                guard result.status == 0 else { throw HarnessError("convert failed: \(result.output)") }
                return cropped
            }
        }
        let result = try runTool("/usr/bin/compare", ["-metric", "AE", files[0].path, files[1].path, "null:"])
        let count = result.output.split(separator: " ").first.flatMap { Double($0) }
        guard let count, result.status <= 1 else { throw HarnessError("compare failed: \(result.output)") }
        return Int(count)
    }

    /// Takes pictures until two in a row are the same (the page has finished drawing); returns the last.
    public static func settled(_ window: String, into directory: URL, name: String, timeout: TimeInterval = 15) throws -> URL {
        let file = directory.appendingPathComponent("\(name).png")
        let previous = directory.appendingPathComponent("\(name)-previous.png")
        try capture(window, to: previous)
        let settled = try poll(timeout: timeout) { () throws -> Bool? in
            Thread.sleep(forTimeInterval: 0.3)
            try capture(window, to: file)
            if try differingPixels(previous, file) == 0 { return true }
            try FileManager.default.removeItem(at: previous)
            try FileManager.default.moveItem(at: file, to: previous)
            return nil
        }
        guard settled != nil else { throw HarnessError("\(name): the window kept changing for \(timeout) s") }
        return file
    }

    /// Waits until the window's page (below its header bar) shows something other than a
    /// plain background: WebKit paints the first page a while after the window appears.
    public static func waitForPage(in window: String, headerHeight: Int = 60, timeout: TimeInterval = 20) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let painted = try poll(timeout: timeout) { () throws -> Bool? in
            try capture(window, to: file)
            let spread = try runTool("/usr/bin/convert", [file.path, "-crop", "+0+\(headerHeight)", "+repage",
                                                          "-format", "%[fx:standard_deviation]", "info:"])
            return (Double(spread.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0.02 ? true : nil
        }
        guard painted != nil else { throw HarnessError("the page was not painted within \(timeout) s") }
    }

    /// How many pixels of `file` have about the colour `colour` (`"#ffff00"`).
    public static func pixels(of colour: String, in file: URL) throws -> Int {
        let result = try runTool("/usr/bin/convert", [file.path, "-fuzz", "10%", "-fill", "black", "+opaque", colour,
                                                      "-fill", "white", "-opaque", colour, "-format", "%[fx:mean*w*h]", "info:"])
        guard result.status == 0, let count = Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HarnessError("convert failed: \(result.output)")
        }
        return Int(count.rounded())
    }

    /// The X window id of the shown top-level window titled exactly `title` (xdotool).
    public static func windowID(titled title: String) throws -> String? {
        try runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(NSRegularExpression.escapedPattern(for: title))$"])
            .output.split(separator: "\n").first.map(String.init)
    }
}
