import FoundationEssentials

extension WebDirectory {
    /// The package's own web folder of which `copy` is the build's copy, for development
    /// mode to serve and watch; nil when `copy` is no build's copy or no such folder is there.
    ///
    /// `swift build` copies a target's `resources: [.copy("Web")]` into a resource bundle
    /// (`<Package>_<target>.resources/Web`), and on Linux that bundle keeps no record of where
    /// the copy came from. The source file of the app's code does: `sourceFile` is its
    /// `#filePath`, fixed when the app was compiled, so it names a folder on this machine
    /// exactly when the app runs where it was built — in development. The folder found is the
    /// nearest one named like the copy and holding `marker`, beside `sourceFile` or in a folder
    /// above it, up to the package's root (the folder holding `Package.swift`).
    public static func sources(ofBuildCopy copy: URL, sourceFile: String, marker: String = "index.html") -> URL? {
        let copy = copy.standardizedFileURL
        guard isBuildCopy(copy) else { return nil }
        let files = FileManager.default
        var folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().standardizedFileURL
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(copy.lastPathComponent, isDirectory: true)
            if candidate != copy, files.fileExists(atPath: candidate.appendingPathComponent(marker).path) { return candidate }
            if files.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return nil }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Whether `directory` lies in a SwiftPM resource bundle (`<Package>_<target>.resources`).
    public static func isBuildCopy(_ directory: URL) -> Bool {
        directory.standardizedFileURL.pathComponents.dropLast().contains { $0.hasSuffix(".resources") }
    }
}
