import GLibCore
import FoundationEssentials
import WebKitGTK

/// Shows each download in the header bar of the window that was in front when it started
/// (name and percentage, then "Saved"), and a failure in a dialog over that window.
/// A download the user cancelled in the save dialog just disappears.
@MainActor
final class DownloadReporter {
    private var started: Observation?
    private var progress: [ObjectIdentifier: Observation] = [:]

    /// `window` names the window to report in, asked as each download starts.
    init(downloads: Downloads, window: @escaping @MainActor () -> AppWindow?) {
        started = downloads.observe { [weak self] download in
            self?.follow(download, in: window())
        }
    }

    private func follow(_ download: Download, in controller: AppWindow?) {
        let key = ObjectIdentifier(download)
        weak let controller = controller
        progress[key] = download.observe { [weak self, weak download] event in
            guard let download else { return }
            controller?.showStatus(DownloadReporter.status(of: download, after: event))
            switch event {
            case .finished, .failed: self?.progress[key] = nil
            default: break
            }
            if case .failed(let error) = event, error != .cancelled {
                DownloadReporter.showFailure(error, of: download, over: controller?.window)
            }
        }
    }

    /// The header bar's line for `download` after `event`; nil clears it.
    static func status(of download: Download, after event: DownloadEvent) -> String? {
        let name = download.destination?.lastPathComponent ?? URL(string: download.uri)?.lastPathComponent ?? download.uri
        switch event {
        case .destinationChosen: return tr("Downloading {name}…", ["name": name])
        case .progress(let fraction, let bytes):
            if fraction > 0 {
                return tr("Downloading {name} — {percent} %", ["name": name, "percent": String(Int((fraction * 100).rounded(.down)))])
            }
            return tr("Downloading {name} — {size}", ["name": name, "size": FormattedSize.of(bytes: bytes)])
        case .finished(let file): return tr("Saved {name}", ["name": file.lastPathComponent])
        case .failed: return nil
        }
    }

    /// The failure dialog's window title.
    static var failureTitle: String { tr("Download failed") }

    private static func showFailure(_ error: DownloadError, of download: Download, over window: Window?) {
        let reason = switch error {
        case .cancelled: tr("It was cancelled.")
        case .network(let cause): tr("The transfer failed: {reason}", ["reason": "\(cause)"])
        case .destination(let cause): tr("The file could not be saved: {reason}", ["reason": "\(cause)"])
        }
        Window.showNotice(title: failureTitle, message: "\(download.uri)\n\(reason)", over: window)
    }
}
