import Foundation
import PackagePlugin

/// The app's executable as a command plugin finds, builds and runs it.
enum AppProduct {
    /// `name`, or the package's one executable when no name is given.
    static func named(_ name: String?, in package: Package) throws -> String {
        if let name { return name }
        let executables = package.products.filter { $0 is ExecutableProduct }.map(\.name)
        guard executables.count == 1 else {
            throw PluginFailure("name the app's executable with --product (the package has \(executables.isEmpty ? "none" : executables.joined(separator: ", ")))")
        }
        return executables[0]
    }

    /// Builds `product`; the executable's URL, or SwiftPM's log as the error.
    static func build(_ product: String, configuration: PackageManager.BuildConfiguration, otherSwiftcFlags: [String] = [],
                      packageManager: PackageManager) throws -> URL {
        var parameters = PackageManager.BuildParameters(configuration: configuration, logging: .concise)
        parameters.otherSwiftcFlags = otherSwiftcFlags
        let result = try packageManager.build(.product(product), parameters: parameters)
        guard result.succeeded, let artifact = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw PluginFailure("building \(product) failed:\n\(result.logText)")
        }
        return artifact.url
    }

    /// Runs `executable` with `arguments`, its output passed through; throws unless it exits 0.
    static func run(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }
}

/// Why the command did nothing: printed by SwiftPM.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
