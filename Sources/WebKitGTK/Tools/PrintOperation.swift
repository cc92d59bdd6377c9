import CWebKitGTKHelpers
import FoundationEssentials
import GLibCore
import GtkWidgets

/// Printing a web view's page (Ctrl+P) through WebKit's print operation: GTK's print dialog
/// with its printers, page setup and "Print to File", or straight to a PDF file.
///
/// Each print is a WebKit print operation of its own; the settings the user chose in the
/// dialog are kept for the next one.
@MainActor
public final class PrintOperation {
    /// How a print dialog ended.
    public enum Outcome: Sendable, Equatable {
        /// The page was printed: the job handed to the printer, or written to its file.
        case printed
        /// The user cancelled the dialog; nothing was printed.
        case cancelled
    }

    private let view: WebView
    /// What the user chose in the last dialog.
    private var settings: PrintSettings?

    /// Printing of `webView`'s page; keep the object to keep the user's dialog choices for
    /// the next print.
    public init(webView: WebView) {
        view = webView
    }

    /// Shows GTK's print dialog over `parent` and prints as the user chooses there; returns
    /// once the page is printed (the job handed to the printer or written to its file) or
    /// the dialog cancelled. The dialog is modal and WebKit runs it in a loop of its own, so
    /// it is started from the GLib loop, where Swift's main queue keeps running meanwhile.
    public func runDialog(parent: Window) async throws -> Outcome {
        let operation = makeOperation()
        if let settings { webkit_print_operation_set_print_settings(operation.pointer, settings.pointer) }
        return try await run(operation) { done in
            MainLoop.after(.zero) { [weak self] in
                let response = webkit_print_operation_run_dialog(operation.pointer, parent.window)
                if let chosen = webkit_print_operation_get_print_settings(operation.pointer) {
                    self?.settings = PrintSettings(retaining: chosen)
                }
                if response == WEBKIT_PRINT_OPERATION_RESPONSE_CANCEL { done(.success(.cancelled)) }
            }
        }
    }

    /// Prints the page to `file` as PDF without a dialog, through GTK's "Print to File"
    /// printer; returns once the file is written.
    public func printToPDF(_ file: URL) async throws {
        let operation = makeOperation()
        let settings = PrintSettings(pdfFileURI: file.absoluteString)
        webkit_print_operation_set_print_settings(operation.pointer, settings.pointer)
        _ = try await run(operation) { _ in webkit_print_operation_print(operation.pointer) }
    }

    private func makeOperation() -> ObjectReference<WebKitPrintOperation> {
        ObjectReference(adopting: webkit_print_operation_new(view.reference.pointer))
    }

    /// Starts `operation` and waits for its end: `finished` (printed), `failed` (the error),
    /// or whatever `start` reports first (a cancelled dialog).
    private func run(_ operation: ObjectReference<WebKitPrintOperation>,
                     start: (@escaping @MainActor (Result<Outcome, GLibError>) -> Void) -> Void) async throws -> Outcome {
        var connections: [SignalConnection] = []
        defer { connections.removeAll() }
        return try await withCheckedThrowingContinuation { continuation in
            var pending: CheckedContinuation<Outcome, Error>? = continuation
            let done: @MainActor (Result<Outcome, GLibError>) -> Void = { result in
                pending?.resume(with: result.mapError { $0 as Error })
                pending = nil
            }
            connections = [
                Signals.connect(operation.raw, "failed") { (error: Signals.Pointer) in
                    done(.failure(error.map { GLibError($0.assumingMemoryBound(to: GError.self)) }
                        ?? GLibError(domain: "WebKitPrintError", code: 0, message: "printing failed")))
                },
                Signals.connect(operation.raw, "finished") { done(.success(.printed)) },
            ]
            start(done)
        }
    }
}
