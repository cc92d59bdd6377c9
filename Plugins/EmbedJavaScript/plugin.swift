import Foundation
import PackagePlugin

/// Embeds a target's page scripts in its binary at build time: every `.js` file of the
/// target (not `.test.js`), every `.json` file of names the scripts share with Swift and
/// every `.d.ts` file the target does not exclude become string constants of one generated Swift file, so an installed binary, the .deb
/// and `swift run` never look a script up on disk. The scripts stay real JavaScript,
/// type-checked by tsc and run by the Node tests (`make check-js`).
@main
struct EmbedJavaScript: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let inputs = module.sourceFiles.map(\.url).filter(Self.isEmbedded).sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedJavaScript.swift")
        return [.buildCommand(displayName: "Embedding \(inputs.count) script file(s) in \(target.name)",
                              executable: try context.tool(named: "embed-javascript").url,
                              arguments: [output.path] + inputs.map(\.path),
                              inputFiles: inputs, outputFiles: [output])]
    }

    /// Page scripts, shared-name tables and the declaration files the target hands to apps
    /// (a target excludes those only tsc reads); not tests.
    private static func isEmbedded(_ file: URL) -> Bool {
        let name = file.lastPathComponent
        return (name.hasSuffix(".js") && !name.hasSuffix(".test.js")) || name.hasSuffix(".json") || name.hasSuffix(".d.ts")
    }
}
