import CWebKitGTK
import GLibCore
import Foundation
import GLibLog

/// What happens to a download, in order: a destination, progress, then one ending.
public enum DownloadEvent: Sendable, Equatable {
    case destinationChosen(URL)
    /// `fraction` is WebKit's estimate (0…1; it stays 0 when the size is unknown).
    case progress(fraction: Double, receivedBytes: UInt64)
    case finished(URL)
    case failed(DownloadError)
}

/// Where a download stands.
public enum DownloadStatus: Sendable, Equatable {
    case active
    case finished(URL)
    case failed(DownloadError)
}

/// One file being downloaded: asks its chooser where to save, then reports progress
/// and completion or a typed failure to its observers.
@MainActor
public final class Download {
    package let reference: ObjectReference<WebKitDownload>
    /// The URI being downloaded.
    public let uri: String
    public private(set) var destination: URL?
    public private(set) var status = DownloadStatus.active
    public private(set) var fractionCompleted: Double = 0
    public private(set) var receivedBytes: UInt64 = 0

    private let observers = ObserverList<DownloadEvent>()
    private var connections: [SignalConnection] = []
    private var failure: DownloadError?

    init(retaining download: UnsafeMutablePointer<WebKitDownload>, chooser: DownloadDestinationChooser) {
        reference = ObjectReference(retaining: download)
        let request = webkit_download_get_request(download)
        uri = string(webkit_uri_request_get_uri(request)) ?? ""
        connectSignals(chooser: chooser)
    }

    /// Calls `observer` with every event until the observation is dropped.
    public func observe(_ observer: @escaping @MainActor (DownloadEvent) -> Void) -> Observation {
        observers.add(observer)
    }

    /// Stops the download; it then fails with `.cancelled`.
    public func cancel() {
        webkit_download_cancel(reference.pointer)
    }

    private func connectSignals(chooser: DownloadDestinationChooser) {
        let object = reference.raw
        connections += [
            Signals.connect(object, "decide-destination") { [weak self, weak chooser] (name: Signals.Pointer) -> Bool in
                guard let self, let chooser else { return false }
                let suggested = name.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "download"
                // Answered later: WebKit holds the transfer until a destination is set or it is cancelled.
                Task { @MainActor in self.decide(await chooser.destination(for: self, suggestedFilename: suggested)) }
                return true
            },
            Signals.connect(object, "received-data") { [weak self] (_: UInt64) in self?.progressed() },
            Signals.connect(object, "failed") { [weak self] (error: Signals.Pointer) -> Void in
                guard let self, let error else { return }
                failure = DownloadError(GLibError(error.assumingMemoryBound(to: GError.self)))
            },
            Signals.connect(object, "finished") { [weak self] in self?.finished() },
        ]
    }

    private func decide(_ file: URL?) {
        guard let file else { return cancel() }
        destination = file
        webkit_download_set_allow_overwrite(reference.pointer, 1)
        webkit_download_set_destination(reference.pointer, file.absoluteString)
        observers.send(.destinationChosen(file))
    }

    private func progressed() {
        fractionCompleted = webkit_download_get_estimated_progress(reference.pointer)
        receivedBytes = UInt64(webkit_download_get_received_data_length(reference.pointer))
        observers.send(.progress(fraction: fractionCompleted, receivedBytes: receivedBytes))
    }

    private func finished() {
        Log.webKitGTK.debug("download of \(uri) ended: \(failure.map { "\($0)" } ?? "saved to \(destination?.path ?? "?")")")
        if let failure {
            status = .failed(failure)
            observers.send(.failed(failure))
        } else if let file = destination ?? string(webkit_download_get_destination(reference.pointer)).flatMap(URL.init(string:)) {
            status = .finished(file)
            observers.send(.finished(file))
        }
        connections.removeAll()
    }
}
