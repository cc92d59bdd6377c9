import GLibCore
import WebKitGTK

/// What the window shows when its view cannot start a web process because a path of the
/// sandbox cannot be bound (`WebViewEvent.sandboxUnavailable`): the page stays blank, since
/// even an error page needs a web process, so an info bar says which path and why, with
/// Reload, which tries again once the path is mended or gone.
@MainActor
final class SandboxProblemBar {
    /// The bar; hidden until a view is refused.
    let bar = InfoBar(message: "", kind: .error)
    private weak var view: WebView?
    private var observation: Observation?

    init(view: WebView) {
        self.view = view
        bar.addButton(tr("Reload")) { [weak self] in self?.reload() }
        observation = view.observe { [weak self] event in
            switch event {
            case .sandboxUnavailable(let problem): self?.show(problem)
            case .load(.committed): self?.bar.isVisible = false
            default: break
            }
        }
    }

    private func show(_ problem: SandboxPathProblem) {
        bar.message = tr("This page cannot be shown: the sandbox cannot reach {path} ({reason})",
                         ["path": problem.path, "reason": "\(problem.reason)"])
        bar.isVisible = true
    }

    private func reload() {
        bar.isVisible = false
        view?.reload()
    }
}
