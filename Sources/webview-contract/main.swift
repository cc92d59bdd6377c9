// Writes the TypeScript declarations this package checks in (see CheckedInContracts) from
// the Swift types of their handlers and events. An app writes its own with its executable's
// --write-page-types DIR, which the generate-page-types command plugin runs.
import Foundation
import WebBridge

let usage = """
    usage: webview-contract [--print NAME | --check]
      (no option)   rewrite every checked-in declaration file from the Swift types
      --print NAME  write the contract NAME (\(CheckedInContracts.contracts.map(\.name).joined(separator: ", "))) to standard output
      --check       rewrite nothing; exit 1 if a checked-in file is out of date

    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("webview-contract: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case nil:
        for file in CheckedInContracts.files {
            try Data(try file.text().utf8).write(to: file.url, options: .atomic)
            print("wrote \(file.path)")
        }
    case "--print" where arguments.count == 2:
        guard let contract = CheckedInContracts.contracts.first(where: { $0.name == arguments[1] }) else {
            fail("no contract named \(arguments[1])\n\(usage)")
        }
        print(try contract.typeScript(generatedBy: "`swift run webview-contract --print \(contract.name)`"), terminator: "")
    case "--check" where arguments.count == 1:
        let stale = try CheckedInContracts.files.filter { file in
            (try? String(contentsOf: file.url, encoding: .utf8)) != (try file.text())
        }
        guard stale.isEmpty else { fail("out of date: \(stale.map(\.path).joined(separator: ", ")); run swift run webview-contract") }
    case "-h", "--help":
        print(usage, terminator: "")
    default:
        fail("unexpected arguments \(arguments.joined(separator: " "))\n\(usage)")
    }
} catch {
    fail("\(error)")
}
