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

    /// Checks every program, one `tsc -p` each, two at a time; returns tsc's reports, empty
    /// when every program type-checks. (Not `tsc --build`, which would share the parsed DOM
    /// library: with `allowJs` a script counts as its own output, so `--build` may call a
    /// program up to date and check nothing, and tsc 4.8 crashes on `--build --force` for a
    /// program of declarations only.)
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
        var reports: [String] = []
        for pair in stride(from: 0, to: configs.count, by: 2).map({ Array(configs[$0..<min($0 + 2, configs.count)]) }) {
            let running = try pair.map { config in
                try AppProcess(executable, ["-p", config, "--pretty", "false"], environment: ProcessInfo.processInfo.environment,
                               directory: directory.url)
            }
            for tsc in running {
                // Generous: each run parses lib.dom.d.ts, on a machine that may be busy.
                guard let status = tsc.waitForExit(timeout: 300) else { throw TypeScriptError.timedOut(tsc.printed) }
                guard status != 0 else { continue }
                // The report may still be on its way through the pipe.
                guard let report = poll(timeout: 10, { tsc.printed.isEmpty ? nil : tsc.printed }) else {
                    throw TypeScriptError.failedSilently(status)
                }
                reports.append(report)
            }
        }
        return reports.joined(separator: "\n")
    }
}

extension TypeScriptCompiler {
    /// `tsc -p directory` with the directory's own tsconfig.json; tsc's report, empty when it type-checks.
    func checkProject(_ directory: URL) throws -> String {
        let tsc = try AppProcess(executable, ["-p", directory.path, "--pretty", "false"], environment: ProcessInfo.processInfo.environment,
                                 directory: directory)
        guard let status = tsc.waitForExit(timeout: 300) else { throw TypeScriptError.timedOut(tsc.printed) }
        guard status != 0 else { return "" }
        guard let report = poll(timeout: 10, { tsc.printed.isEmpty ? nil : tsc.printed }) else { throw TypeScriptError.failedSilently(status) }
        return report
    }
}

enum TypeScriptError: Error {
    case timedOut(String)
    case failedSilently(Int32)
}
