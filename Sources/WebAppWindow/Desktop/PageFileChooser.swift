import DesktopServices
import FoundationEssentials
import GLibCore
import GtkWidgets
import WebBridge

/// The window's file chooser offered to its trusted pages (`PageServices.fileChooser`): the
/// page asks, the user chooses, and the page gets the chosen file's bytes through the
/// binary channel — the file the user picked, never its path, nor any file the user did not.
enum PageFileChooser {
    /// The handler's name: `bridge.invokeBinary("desktop.openFile", new ArrayBuffer(0), meta)`.
    static let name = "desktop.openFile"

    /// What the page may say about the dialog; both optional.
    struct Request: Decodable {
        var title: String?
        var filters: [Filter]?

        struct Filter: Decodable {
            var name: String
            var patterns: [String]?
            var mimeTypes: [String]?
        }
    }

    /// The handler over the chooser `chooser` gives at each call (the window's, nil once it
    /// is gone). The user may take their time: the call waits an hour. A cancelled chooser
    /// answers null: the user's answer, not a failure.
    @MainActor
    static func handler(chooser: @escaping @MainActor @Sendable () -> FileChooser?) -> BinaryHandler {
        BinaryHandler(name, meta: Request?.self, timeout: .seconds(3600)) { _, request -> Data? in
            guard let chooser = chooser() else { throw BridgeError(.handlerFailed, "the window is closed") }
            let filters = (request?.filters ?? []).map {
                FileFilter(name: $0.name, patterns: $0.patterns ?? [], mimeTypes: $0.mimeTypes ?? [])
            }
            let file: URL?
            do throws(FileChooserError) {
                file = try await chooser.openFile(request?.title ?? tr("Open", context: "a file chooser"), filters: filters)
            } catch {
                throw BridgeError(.handlerFailed, error.description)
            }
            guard let file else { return nil }
            do {
                return try Data(contentsOf: file)
            } catch {
                throw BridgeError(.handlerFailed, "cannot read the chosen file: \(FileReadFailure.reason(error))")
            }
        }
    }
}
