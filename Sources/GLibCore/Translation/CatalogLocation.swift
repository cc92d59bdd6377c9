import FoundationEssentials

/// Where a text domain's compiled catalogs are, wherever the app runs from, so one binary
/// speaks the user's language under `swift run`, from `make install` and from a `.deb`.
///
/// The candidates, in order (the first holding `<language>/LC_MESSAGES/<domain>.mo` for any
/// language wins):
/// 1. `<exe dir>/*.resources/locale` — the resource bundles SwiftPM makes of the catalogs
///    `Plugins/CompileCatalogs` compiles (the build tree, tests, an app using the package by URL);
/// 2. `<exe dir>/../share/<exe name>/locale` — an app's private copy of the library's catalogs
///    (`make install`, and the `.deb`, where a shared path would clash between two apps);
/// 3. `<exe dir>/../share/locale` — the app's own domain, installed the usual way
///    (`PREFIX/share/locale`, `/usr/share/locale`).
///
/// None found: gettext keeps its default folder, and messages stay English.
public enum CatalogLocation {
    /// The folder to bind `domain` to, nil when no candidate holds one of its catalogs.
    public static func find(domain: String, executable: URL?) -> URL? {
        candidates(executable: executable).first { holdsCatalog(of: domain, in: $0) }
    }

    /// The folders `find` tries, in order.
    public static func candidates(executable: URL?) -> [URL] {
        guard let executable = executable?.resolvingSymlinksInPath() else { return [] }
        let folder = executable.deletingLastPathComponent()
        let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".resources") }.sorted()
            .map { folder.appendingPathComponent($0).appendingPathComponent("locale", isDirectory: true) }
        let share = folder.deletingLastPathComponent().appendingPathComponent("share", isDirectory: true)
        return bundles + [share.appendingPathComponent("\(executable.lastPathComponent)/locale", isDirectory: true),
                          share.appendingPathComponent("locale", isDirectory: true)]
    }

    private static func holdsCatalog(of domain: String, in folder: URL) -> Bool {
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return languages.contains {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/LC_MESSAGES/\(domain).mo").path)
        }
    }
}
