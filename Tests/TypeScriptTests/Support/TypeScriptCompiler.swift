import Foundation
import TestHelpers
import XCTest

/// The system's `tsc` (Debian's node-typescript), checking programs without emitting.
struct TypeScriptCompiler {
    /// One tsc program: files checked together, as a page's scripts run together.
    struct Program {
        let name: String
        let files: [URL]
        var strict = true
    }

    let executable: URL

    /// The `tsc` on PATH; skips the test when there is none (CI installs it).
    static func installed() throws -> TypeScriptCompiler {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("tsc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return TypeScriptCompiler(executable: candidate) }
        }
        throw XCTSkip("tsc is not installed (apt-get install node-typescript): the TypeScript checks did not run")
    }

    /// Checks every program in one `tsc --build` run (which shares the parsed DOM library
    /// between them); returns tsc's report, empty when every program type-checks.
    func check(_ programs: [Program], in directory: TestDirectory) throws -> String {
        let configs = try programs.map { program -> String in
            let options: [String: Any] = [
                "noEmit": true, "allowJs": true, "checkJs": true, "strict": program.strict,
                "target": "es2022", "lib": ["es2022", "dom", "dom.iterable"], "types": [String](),
                "forceConsistentCasingInFileNames": true,
            ]
            let config: [String: Any] = ["compilerOptions": options, "files": program.files.map(\.path)]
            let data = try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys])
            return directory.write("tsconfig.\(program.name).json", String(decoding: data, as: UTF8.self)).path
        }
        let tsc = try AppProcess(executable, ["--build"] + configs, environment: ProcessInfo.processInfo.environment,
                                 directory: directory.url)
        // Generous: tsc parses lib.dom.d.ts once and checks a few hundred lines per program,
        // on a machine that may be busy.
        guard let status = tsc.waitForExit(timeout: 300) else { throw TypeScriptError.timedOut(tsc.printed) }
        if status != 0 && tsc.printed.isEmpty { throw TypeScriptError.failedSilently(status) }
        return status == 0 ? "" : tsc.printed
    }
}

enum TypeScriptError: Error {
    case timedOut(String)
    case failedSilently(Int32)
}
