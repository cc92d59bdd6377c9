import FoundationEssentials
import GLibCore

/// Finds an app's web files wherever the app runs from, so one binary works under
/// `swift run`, from `make install` and from a Debian package, with no source path baked in.
///
/// The candidates, in order (the first holding the marker file, `index.html` by default, wins):
/// 1. the environment variable the app names (an override for development or tests);
/// 2. `<exe dir>/<directory>` — files copied beside the binary;
/// 3. `<exe dir>/<Package>_<exe name>.resources/<directory>` — what `swift build` and `swift run`
///    make of the target's `resources: [.copy("<directory>")]`;
/// 4. `<exe dir>/../share/<app>/<directory>` — `PREFIX/share/<app>/` of `make install` and of
///    a package built by `Plugins/PackageDeb/build-deb.sh` (`/usr/share/<app>/<directory>`);
/// 5. `fallback`, if the app gives one.
public enum WebDirectory {
    /// The app's web directory, or nil when no candidate holds `marker`.
    public static func locate(app: String, directory: String, environmentVariable: String,
                              marker: String = "index.html", fallback: URL? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = RunningExecutable.url) -> URL? {
        candidates(app: app, directory: directory, environmentVariable: environmentVariable, fallback: fallback,
                   environment: environment, executable: executable)
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path) }
    }

    /// The directories `locate` tries, in order.
    public static func candidates(app: String, directory: String, environmentVariable: String, fallback: URL? = nil,
                                  environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executable: URL? = RunningExecutable.url) -> [URL] {
        var result: [URL] = []
        if let override = environment[environmentVariable], !override.isEmpty {
            result.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        if let executable = executable?.resolvingSymlinksInPath() {
            let folder = executable.deletingLastPathComponent()
            result.append(folder.appendingPathComponent(directory, isDirectory: true))
            result += resourceBundles(in: folder, for: executable.lastPathComponent)
                .map { $0.appendingPathComponent(directory, isDirectory: true) }
            result.append(folder.appendingPathComponent("../share/\(app)/\(directory)", isDirectory: true).standardizedFileURL)
        }
        if let fallback { result.append(fallback) }
        return result
    }

    /// SwiftPM's resource bundles of the executable's target in `folder`, `<Package>_<name>.resources`.
    private static func resourceBundles(in folder: URL, for name: String) -> [URL] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return entries.filter { $0.hasSuffix("_\(name).resources") }.sorted()
            .map { folder.appendingPathComponent($0, isDirectory: true) }
    }
}
