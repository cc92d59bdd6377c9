import Foundation
import PackagePlugin

/// Compiles a target's gettext catalogs into its resource bundle, so `swift run`, the tests and
/// an app using the library by URL find them beside the executable
/// (`<exe dir>/<Package>_<target>.resources/locale/<language>/LC_MESSAGES/<domain>.mo`, where
/// GLibCore's `CatalogLocation` looks).
///
/// The catalogs are the `po` folder of the target's directory, else of the package: each
/// `<language>.po` in it, for the domain its one `<domain>.pot` names. `msgfmt` (Debian
/// `gettext`) compiles them with `--check`, so a broken catalog fails the build.
@main
struct CompileCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let files = FileManager.default
        let folder = [target.directoryURL, context.package.directoryURL]
            .map { $0.appendingPathComponent("po", isDirectory: true) }
            .first { files.fileExists(atPath: $0.path) }
        guard let folder, let entries = try? files.contentsOfDirectory(atPath: folder.path),
              let template = entries.first(where: { $0.hasSuffix(".pot") }) else { return [] }
        let domain = String(template.dropLast(".pot".count))
        let catalogs = entries.filter { $0.hasSuffix(".po") }.sorted().map { folder.appendingPathComponent($0) }
        guard !catalogs.isEmpty else { return [] }
        // One output directory, not one file per language: SwiftPM copies a generated directory
        // into the bundle with its layout, while loose files would land flat under one name.
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("locale", isDirectory: true)
        let script = """
            set -e; out="$1"; domain="$2"; shift 2; rm -rf "$out"
            for po in "$@"; do
                language=$(basename "$po" .po); mkdir -p "$out/$language/LC_MESSAGES"
                msgfmt --check -o "$out/$language/LC_MESSAGES/$domain.mo" "$po"
            done
            """
        return [.buildCommand(displayName: "Compiling \(catalogs.count) catalogs of \(domain) for \(target.name)",
                              executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, "compile-catalogs", output.path, domain] + catalogs.map(\.path),
                              inputFiles: catalogs, outputFiles: [output])]
    }
}
