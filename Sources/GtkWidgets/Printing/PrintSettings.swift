import CGtkHelpers
import GLibCore

/// Settings of a print job as GTK keeps them (printer, pages, paper, output file): what a
/// print dialog leaves for the next print, or what prints a page to a file without one.
@MainActor
public final class PrintSettings {
    /// The GtkPrintSettings, which Swift sees as an opaque pointer.
    private let reference: ObjectReference<GObject>

    /// Settings that print to the file at `fileURI` (`file:///…`) as PDF, through GTK's
    /// "Print to File" printer.
    public init(pdfFileURI: String) {
        let settings = gtk_print_settings_new()!
        gtk_print_settings_set_printer(settings, "Print to File")
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_URI, pdfFileURI)
        reference = ObjectReference(adopting: UnsafeMutablePointer(settings))
    }

    /// Settings a print dialog chose, kept for the next print.
    package init(retaining settings: OpaquePointer) {
        reference = ObjectReference(retaining: UnsafeMutablePointer(settings))
    }

    /// The `GtkPrintSettings *`, for the package's wrappers only.
    package var pointer: OpaquePointer { OpaquePointer(reference.pointer) }
}
