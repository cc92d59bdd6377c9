import FoundationEssentials

/// The files an app's page scripts are type-checked with, written where the app keeps its
/// pages: `contract.d.ts` (its `BridgeContract`), `bridge.d.ts` (the page API, `window.bridge`)
/// and a recommended `tsconfig.json` (strict, `checkJs`, every `.js` and `.d.ts` of the
/// directory), so `tsc -p DIR` checks the pages against the Swift handlers.
///
/// Apps reach it through their own executable: `WebApplication` answers
/// `--write-page-types DIR` (`commandLineFlag`) by writing the files and exiting, which the
/// package's `generate-page-types` command plugin runs. None of the three files is served:
/// packaging leaves `.d.ts` and `tsconfig.json` out.
public struct PageTypes {
    /// The command-line option an app's executable answers by writing the files into the
    /// directory that follows it, without opening a window.
    public static let commandLineFlag = "--write-page-types"
    /// The file names written, in the order written.
    public static let fileNames = ["contract.d.ts", "bridge.d.ts", "tsconfig.json"]

    /// The app's contract, the first file's content.
    public var contract: BridgeContract
    /// What the contract's first line says wrote it (the command that writes it again).
    public var generator: String

    /// The files of `contract`, their header naming `generator`.
    public init(contract: BridgeContract, generator: String = "swift package generate-page-types") {
        self.contract = contract
        self.generator = generator
    }

    /// Each file's name and text.
    public func files() throws -> [(name: String, text: String)] {
        zip(Self.fileNames, [try contract.typeScript(generatedBy: "`\(generator)`"), EmbeddedJavaScript.bridgeDeclarations,
                             Self.recommendedConfiguration]).map { ($0, $1) }
    }

    /// Writes the files into `directory` (made if missing), each only when its text changed
    /// (so tsc's and editors' watchers see no needless change); returns their URLs.
    @discardableResult
    public func write(to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try files().map { name, text in
            let url = directory.appendingPathComponent(name)
            if (try? String(contentsOf: url, encoding: .utf8)) != text {
                try Data(text.utf8).write(to: url, options: .atomic)
            }
            return url
        }
    }

    /// `tsc -p` over the directory's scripts: strict, JavaScript checked, nothing emitted,
    /// the browser's library (WebKit runs ES2022).
    static let recommendedConfiguration = """
        {
          "//": "Written by \(commandLineFlag) with contract.d.ts and bridge.d.ts: tsc -p <this directory> type-checks the pages' scripts against the app's Swift handlers.",
          "compilerOptions": {
            "noEmit": true,
            "allowJs": true,
            "checkJs": true,
            "strict": true,
            "target": "es2022",
            "lib": ["es2022", "dom", "dom.iterable"],
            "types": [],
            "forceConsistentCasingInFileNames": true
          },
          "include": ["**/*.js", "**/*.d.ts"]
        }

        """
}
