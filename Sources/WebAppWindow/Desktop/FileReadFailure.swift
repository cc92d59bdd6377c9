import FoundationEssentials
import Glibc

/// Why a file the page asked for could not be read, in the system's words.
enum FileReadFailure {
    /// "No such file or directory", "Permission denied"…: the POSIX error under Foundation's
    /// `CocoaError`, whose `localizedDescription` would link Foundation's ICU-backed half, with
    /// ICU's 34 MB of data, into every app.
    static func reason(_ error: any Error) -> String {
        guard let posix = (error as? CocoaError)?.underlying as? POSIXError else { return String(describing: error) }
        return String(cString: strerror(posix.code.rawValue))
    }
}
