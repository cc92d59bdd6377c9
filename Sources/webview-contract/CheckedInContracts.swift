import Foundation
import NotesHandlers
import WebAppWindow
import WebBridge
import WebViewHostApp

/// The generated files this package checks in, each with its text: the demo app's contract
/// and its copy of the page API (`bridge.d.ts`, which the demo pages import), and the notes
/// example's page types, written by the same `PageTypes` an app's `--write-page-types` writes.
@MainActor
enum CheckedInContracts {
    struct File {
        /// Relative to the package's root.
        let path: String
        let text: () throws -> String

        var url: URL { packageRoot.appendingPathComponent(path) }
    }

    /// The contracts `--print` knows, by name.
    static var contracts: [BridgeContract] { [PageBridge.contract, NotesBridge.contract] }

    static var files: [File] {
        let demo = PageTypes(contract: PageBridge.contract, generator: "swift run webview-contract")
        // The notes app grants its page the window's file chooser (NotesApp.pageServices), so
        // its page types have `desktop.openFile` too, as its --write-page-types writes them.
        let notes = PageTypes(contract: BridgeContract(NotesBridge.contract.name,
                                                       NotesBridge.contract.entries + PageServices.fileChooser.contractEntries))
        return [File(path: "Resources/contract.d.ts") { try demo.files()[0].text },
                File(path: "Resources/bridge.d.ts") { try demo.files()[1].text }]
            + PageTypes.fileNames.indices.map { index in
                File(path: "Examples/NotesApp/Web/\(PageTypes.fileNames[index])") { try notes.files()[index].text }
            }
    }

    /// The package's root: the tool runs from a source checkout.
    nonisolated static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
