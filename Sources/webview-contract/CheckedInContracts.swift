import Foundation
import NotesHandlers
import WebBridge
import WebViewHostApp

/// The contracts whose TypeScript this package checks in, each with its file: the demo
/// app's pages and the notes example's page.
@MainActor
enum CheckedInContracts {
    struct File {
        let contract: BridgeContract
        /// Relative to the package's root.
        let path: String

        var url: URL { packageRoot.appendingPathComponent(path) }
    }

    static var files: [File] {
        [File(contract: PageBridge.contract, path: "Resources/contract.d.ts"),
         File(contract: NotesBridge.contract, path: "Examples/NotesApp/Web/contract.d.ts")]
    }

    /// The package's root: the tool runs from a source checkout.
    nonisolated static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
