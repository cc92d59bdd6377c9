import FoundationEssentials
import WebBridge
import WebKitGTK
import WebOrigin

/// Tells the developer, once per page, why a page has no `window.bridge`: the window does
/// not trust it. Without this the page only says "undefined is not an object".
///
/// A page that commits without the bridge's trust (a window whose navigation allows more
/// than its bridge trusts) and a page the window refused to show are warnings; a page sent
/// to the system browser (a link to another site, usually meant) is info. Each names the page
/// and the call that would trust it, in the bridge's log (`G_MESSAGES_DEBUG=WebBridge` shows info).
///
/// Except in a folder of files the user handed the window — dropped onto it, or downloaded:
/// trusting that folder (a desktop, a downloads folder) would hand the bridge to whatever
/// else lands there, so the log says why the page has no bridge and suggests nothing.
@MainActor
final class UntrustedPageWarning {
    private weak var bridge: WebViewBridge?
    private var told: Set<String> = []
    private var navigationEvents: Observation?
    /// The folders of files dropped onto the window or downloaded by it.
    private var handedOverFolders: Set<String> = []
    private var downloadsStarted: Observation?
    /// The downloads whose destination is not chosen yet.
    private var downloadsUnderWay: [ObjectIdentifier: Observation] = [:]

    init(bridge: WebViewBridge, navigation: NavigationGuard) {
        self.bridge = bridge
        navigationEvents = navigation.observe { [weak self] event in
            switch event {
            case .refused(let uri), .refusedClick(let uri, _, _): self?.tell(.warning, uri, "the window refused to show it")
            case .refusedFromFrame(let uri, let reason): self?.tell(.warning, uri, "the window refused to show it", reason: reason)
            case .openedExternally(let uri): self?.tell(.info, uri, "it opened outside the window")
            default: break
            }
        }
    }

    /// Takes note of files the user dropped onto the window or it downloaded: their folders
    /// are never suggested for trust.
    func handedOver(_ files: [URL]) {
        for file in files { handedOverFolders.insert(file.deletingLastPathComponent().standardizedFileURL.path) }
    }

    /// Takes note of the folder of every file `downloads` saves from now on.
    func follow(_ downloads: Downloads) {
        downloadsStarted = downloads.observe { [weak self] download in
            let key = ObjectIdentifier(download)
            self?.downloadsUnderWay[key] = download.observe { [weak self] event in
                switch event {
                case .destinationChosen(let file): self?.handedOver([file])
                case .progress: return
                case .finished, .failed: break
                }
                self?.downloadsUnderWay[key] = nil
            }
        }
    }

    /// Warns if the page the view now shows is one the bridge does not trust.
    func pageCommitted(_ uri: String) {
        guard let bridge, !bridge.callers.allows(uri) else { return }
        tell(.warning, uri, "it is showing without it")
    }

    /// Tells why `uri` has no bridge: `what` happened to it, and `reason` is why the window
    /// refused it when the refusal was about who asked. A page the bridge already trusts was
    /// refused for that reason alone, so the log names it and suggests no trust call.
    private func tell(_ level: BridgeLogLevel, _ uri: String, _ what: String, reason: NavigationRefusal? = nil) {
        let scheme = Origin.scheme(of: uri)
        // Only pages that could be trusted, and only where the app has handlers to reach.
        guard let bridge, scheme == "http" || scheme == "https" || scheme == "file",
              !bridge.contractNames.isEmpty,
              let trustCall = TrustedPages.suggestion(for: uri), told.insert(uri).inserted else { return }
        if scheme == "file", let folder = URL(string: uri)?.deletingLastPathComponent().standardizedFileURL.path,
           handedOverFolders.contains(folder) {
            return bridge.logger.log(.info, "\(uri) gets no window.bridge: the window does not trust it, and \(what). "
                                     + "It is in \(folder), with files the user dropped or downloaded: a folder no window should trust")
        }
        if bridge.callers.allows(uri) {
            return bridge.logger.log(level, "\(uri) was not opened: \(what), \(reason.map(\.description) ?? "by its navigation rules"); "
                                     + "the window trusts it, so trusting it again changes nothing")
        }
        bridge.logger.log(level, "\(uri) gets no window.bridge: the window does not trust it, and \(what)"
                          + (reason.map { " (\($0))" } ?? "") + ". To trust it: \(trustCall)")
    }
}
