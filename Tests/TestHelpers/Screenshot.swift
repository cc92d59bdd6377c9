import Foundation

/// A picture of one X window (ImageMagick's `import`), to look at what a test saw and to
/// check colours; `WEBVIEWHOST_SCREENSHOTS=<dir>` keeps a copy of each in that folder.
public struct Screenshot {
    public let file: URL

    /// Takes a picture of the window with X id `window` into `directory` as `name`.png.
    public init(window: String, into directory: URL, name: String) throws {
        file = directory.appendingPathComponent("\(name).png")
        // GTK 4 draws a page with GL: a picture of the window alone may miss it and show the
        // window's background, so there the picture is of the screen where the window is.
        #if GTK4
        let source = ["-screen", "-window", window]
        #else
        let source = ["-window", window]
        #endif
        let result = try runTool("/usr/bin/import", source + [file.path])
        guard result.status == 0 else { throw HarnessError("import could not take \(name): \(result.output)") }
        if let keep = ProcessInfo.processInfo.environment["WEBVIEWHOST_SCREENSHOTS"] {
            let copy = URL(fileURLWithPath: keep).appendingPathComponent(file.lastPathComponent)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: file, to: copy)
        }
    }

    /// Takes a picture of the first window titled exactly `title`.
    public init(windowTitled title: String, into directory: URL, name: String) throws {
        let ids = try runTool("/usr/bin/xdotool", ["search", "--name", "^" + NSRegularExpression.escapedPattern(for: title) + "$"])
        guard let window = ids.output.split(separator: "\n").last else { throw HarnessError("no window titled \(title)") }
        try self.init(window: String(window), into: directory, name: name)
    }

    /// The colour at (x, y) as `#RRGGBB`.
    public func colour(x: Int, y: Int) throws -> String {
        let result = try runTool("/usr/bin/convert", [file.path, "-crop", "1x1+\(x)+\(y)", "-depth", "8", "txt:-"])
        // "# ImageMagick pixel enumeration: …" then "0,0: (r,g,b)  #RRGGBB  name".
        let pixel = result.output.split(separator: "\n").last ?? ""
        guard let hex = pixel.split(separator: " ").first(where: { $0.hasPrefix("#") }) else {
            throw HarnessError("no colour at \(x),\(y) of \(file.path): \(result.output)")
        }
        return String(hex.prefix(7))
    }
}
