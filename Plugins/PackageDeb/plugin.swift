import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory deb --product NAME --app-id ID
/// --web DIR --desktop FILE --metainfo FILE --icon FILE --copyright FILE --maintainer 'N <m>'
/// [--output-dir DIR] [--section S] [--version V] [--url-scheme NAME]... [--binary FILE]
/// [--include-development-files] [--po DIR]`:
/// builds the app's executable in release with a static Swift runtime (or takes `--binary`)
/// and packages it with build-deb.sh beside this file — so an app depending on the library by
/// URL packages itself without reaching into the library's checkout. The web directory goes
/// in without `.d.ts`, `tsconfig.json` and source maps unless `--include-development-files`.
/// Paths are relative to the package; the .deb goes to `--output-dir` (default `.build/deb`).
@main
struct PackageDeb: CommandPlugin {
    /// The options handed to build-deb.sh as they are.
    private static let passedOn = ["app-id", "web", "desktop", "metainfo", "icon", "copyright", "maintainer", "section", "version", "po"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var options = ArgumentExtractor(arguments)
        let product = try AppProduct.named(options.extractOption(named: "product").last, in: context.package)
        let root = context.package.directoryURL
        let path = { (value: String) in URL(fileURLWithPath: value, relativeTo: root).standardizedFileURL.path }
        var script = ["--name", product]
        for option in Self.passedOn {
            guard let value = options.extractOption(named: option).last else { continue }
            script += ["--\(option)", ["section", "version", "maintainer", "app-id"].contains(option) ? value : path(value)]
        }
        for scheme in options.extractOption(named: "url-scheme") { script += ["--url-scheme", scheme] }
        script += ["--output-dir", path(options.extractOption(named: "output-dir").last ?? ".build/deb")]
        if options.extractFlag(named: "include-development-files") > 0 { script.append("--include-development-files") }
        let binary = try options.extractOption(named: "binary").last.map { URL(fileURLWithPath: path($0)) }
            ?? AppProduct.build(product, configuration: .release, otherSwiftcFlags: ["-static-stdlib"], packageManager: packageManager)
        guard options.remainingArguments.isEmpty else {
            throw PluginFailure("unexpected arguments \(options.remainingArguments); see the header of build-deb.sh for the options")
        }
        // The script ships beside this file, in the library's checkout wherever SwiftPM put it.
        let builder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("build-deb.sh")
        try AppProduct.run(URL(fileURLWithPath: "/bin/bash"), [builder.path, "--binary", binary.path] + script)
    }
}
