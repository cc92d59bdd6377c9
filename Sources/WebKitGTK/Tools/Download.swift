import CWebKitGTKHelpers
import GLibCore
import FoundationEssentials
import GLibLog

/// What happens to a download, in order: a destination, progress, then one ending.
public enum DownloadEvent: Sendable, Equatable {
    /// The chooser picked this file; the transfer now writes there.
    case destinationChosen(URL)
    /// `fraction` is WebKit's estimate (0…1; it stays 0 when the size is unknown).
    case progress(fraction: Double, receivedBytes: UInt64)
    /// The file is complete, at this location: the last event.
    case finished(URL)
    /// The download ended without a file, for this reason: the last event.
    case failed(DownloadError)
}

/// Where a download stands.
public enum DownloadStatus: Sendable, Equatable {
    /// Still going: waiting for a destination, or transferring.
    case active
    /// Saved, at this location.
    case finished(URL)
    /// Ended without a file, for this reason.
    case failed(DownloadError)
}

/// One file being downloaded: asks its chooser where to save, then reports progress
/// and completion or a typed failure to its observers.
@MainActor
public final class Download {
    package let reference: ObjectReference<WebKitDownload>
    /// The URI being downloaded.
    public let uri: String
    /// Where the file is saved, once the chooser has answered; nil before, or when it declined.
    public private(set) var destination: URL?
    /// Where the download stands now; observers get each change as an event.
    public private(set) var status = DownloadStatus.active
    /// WebKit's estimate of how much has arrived, from 0 to 1; it stays 0 when the size is unknown.
    public private(set) var fractionCompleted: Double = 0
    /// How many bytes have arrived so far, known even when the size is not.
    public private(set) var receivedBytes: UInt64 = 0

    private let observers = ObserverList<DownloadEvent>()
    private var connections: [SignalConnection] = []
    private var failure: DownloadError?

    /// `localFile` is the file a URI of the app's own scheme names: WebKit cannot download
    /// from a custom scheme, so its attempt is stopped and the file copied instead, suggested
    /// as `suggestedName` (the link's `download` attribute) or else by its own name.
    init(retaining download: UnsafeMutablePointer<WebKitDownload>, chooser: DownloadDestinationChooser,
         localFile: URL? = nil, suggestedName: String? = nil) {
        reference = ObjectReference(retaining: download)
        let request = webkit_download_get_request(download)
        uri = string(webkit_uri_request_get_uri(request)) ?? ""
        if let localFile {
            webkit_download_cancel(download)
            Task { await copy(localFile, as: suggestedName ?? localFile.lastPathComponent, chooser: chooser) }
        } else {
            connectSignals(chooser: chooser)
        }
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
                // The `download` attribute's name, the server's, or WebKit's guess; a `blob:`
                // link without the attribute has none.
                let suggested = name.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }.flatMap { $0.isEmpty ? nil : $0 } ?? "download"
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

    /// Asks where to save `source` and copies it there (GIO), reporting as a transfer would.
    private func copy(_ source: URL, as name: String, chooser: DownloadDestinationChooser) async {
        guard let file = await chooser.destination(for: self, suggestedFilename: name) else {
            return end(.failed(.cancelled))
        }
        destination = file
        observers.send(.destinationChosen(file))
        let from = g_file_new_for_path(source.path), to = g_file_new_for_path(file.path)
        defer { [from, to].forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
        do throws(GLibError) {
            _ = try throwingGError { g_file_copy(from, to, G_FILE_COPY_OVERWRITE, nil, nil, nil, $0) }
        } catch {
            return end(.failed(.destination(error)))
        }
        receivedBytes = UInt64((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
        fractionCompleted = 1
        observers.send(.progress(fraction: 1, receivedBytes: receivedBytes))
        end(.finished(file))
    }

    /// Records the ending `status` and tells the observers.
    private func end(_ ending: DownloadStatus) {
        status = ending
        switch ending {
        case .finished(let file): observers.send(.finished(file))
        case .failed(let error): observers.send(.failed(error))
        case .active: break
        }
    }

    private func decide(_ file: URL?) {
        guard let file else { return cancel() }
        destination = file
        webkit_download_set_allow_overwrite(reference.pointer, 1)
        // WebKitGTK 6.0 takes a path, 4.1 a URI.
        #if GTK4
        webkit_download_set_destination(reference.pointer, file.path)
        #else
        webkit_download_set_destination(reference.pointer, file.absoluteString)
        #endif
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
            end(.failed(failure))
        } else if let file = destination ?? string(webkit_download_get_destination(reference.pointer)).flatMap(Self.destinationURL) {
            end(.finished(file))
        }
        connections.removeAll()
    }

    /// The file WebKit says it wrote: a path in WebKitGTK 6.0, a URI in 4.1.
    private static func destinationURL(_ destination: String) -> URL? {
        #if GTK4
        URL(fileURLWithPath: destination)
        #else
        URL(string: destination)
        #endif
    }
}
