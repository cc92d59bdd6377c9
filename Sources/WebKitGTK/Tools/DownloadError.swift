import GLibCore
/// Why a download did not complete.
public enum DownloadError: Error, Sendable, Equatable {
    /// The user (or the app, or a chooser answering nil) cancelled it.
    case cancelled
    /// The connection failed or the server broke off the transfer.
    case network(GLibError)
    /// The file could not be written where it was to go.
    case destination(GLibError)

    init(_ error: GLibError) {
        switch error.code {
        case 400: self = .cancelled          // WEBKIT_DOWNLOAD_ERROR_CANCELLED_BY_USER
        case 401: self = .destination(error) // WEBKIT_DOWNLOAD_ERROR_DESTINATION
        default: self = .network(error)      // WEBKIT_DOWNLOAD_ERROR_NETWORK
        }
    }
}
