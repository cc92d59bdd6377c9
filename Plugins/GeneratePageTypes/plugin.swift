import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-page-types [--product NAME]
/// [--output DIR] [--configuration debug|release]`: builds the app's executable and runs it
/// with `--write-page-types DIR`, so the app — which alone knows its `BridgeContract` —
/// writes its pages' `contract.d.ts`, `bridge.d.ts` and `tsconfig.json` into DIR (default
/// `Web`, relative to the package). A plugin cannot link the app's modules; its executable can.
@main
struct GeneratePageTypes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var options = ArgumentExtractor(arguments)
        let output = options.extractOption(named: "output").last ?? "Web"
        let configuration = options.extractOption(named: "configuration").last ?? "debug"
        let product = try AppProduct.named(options.extractOption(named: "product").last, in: context.package)
        guard options.remainingArguments.isEmpty else {
            throw PluginFailure("unexpected arguments \(options.remainingArguments); usage: generate-page-types [--product NAME] [--output DIR] [--configuration debug|release]")
        }
        let executable = try AppProduct.build(product, configuration: configuration == "release" ? .release : .debug,
                                              packageManager: packageManager)
        let directory = URL(fileURLWithPath: output, relativeTo: context.package.directoryURL).standardizedFileURL
        try AppProduct.run(executable, ["--write-page-types", directory.path])
    }
}
