import GLibCore
import WebKitGTK

/// The window's way out of a page stuck in a loop: when the web process stops answering,
/// an info bar says "This page is not responding" with Wait and Reload.
///
/// Reload ends the web process and loads the page again with its history; Wait hides the
/// bar and brings it back if the page still does not answer `waitAgain` later. The bar
/// goes as soon as the page answers again or its web process ends.
@MainActor
final class UnresponsivePageBar {
    /// The bar; hidden while the page answers.
    let bar = InfoBar(message: tr("This page is not responding"), kind: .warning)
    private weak var view: WebView?
    private let waitAgain: Duration
    private var observation: Observation?
    private var waiting: Task<Void, Never>?

    init(view: WebView, waitAgain: Duration) {
        self.view = view
        self.waitAgain = waitAgain
        bar.addButton(tr("Wait")) { [weak self] in self?.wait() }
        bar.addButton(tr("Reload")) { [weak self] in self?.reload() }
        observation = view.observe { [weak self] event in
            switch event {
            case .responsivenessChanged(isResponsive: false): self?.show()
            case .responsivenessChanged(isResponsive: true), .webProcessTerminated: self?.hide()
            default: break
            }
        }
    }

    isolated deinit { waiting?.cancel() }

    private func show() {
        guard waiting == nil else { return }
        bar.isVisible = true
    }

    private func hide() {
        waiting?.cancel()
        waiting = nil
        bar.isVisible = false
    }

    private func wait() {
        hide()
        waiting = Task { @MainActor [weak self, waitAgain] in
            guard (try? await Task.sleep(for: waitAgain)) != nil, let self else { return }
            waiting = nil
            if view?.isWebProcessResponsive == false { show() }
        }
    }

    private func reload() {
        hide()
        view?.terminateWebProcess(reloading: true)
    }
}
