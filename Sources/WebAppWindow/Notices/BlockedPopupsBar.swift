import GLibCore
import WebKitGTK

/// Says, above the page, that the page tried to open more windows than the user's gesture
/// allows (`NavigationGuard.windowsPerGesture`) and that the others were blocked: one bar,
/// its count kept up to date, not a dialog per window. It goes with Close or the next page.
@MainActor
final class BlockedPopupsBar {
    /// The bar; hidden until a window is refused.
    let bar = InfoBar(message: "", kind: .info)
    private var blocked = 0
    private var observations: [Observation] = []

    init(view: WebView, navigation: NavigationGuard) {
        bar.addButton(tr("Close")) { [weak self] in self?.hide() }
        observations.append(navigation.observe { [weak self] event in
            if case .refusedExtraWindow = event { self?.blockedOne() }
        })
        observations.append(view.observe { [weak self] event in
            if case .load(.committed) = event { self?.hide() }
        })
    }

    private func blockedOne() {
        blocked += 1
        bar.message = blocked == 1
            ? tr("This page tried to open another window at once; it was blocked.")
            : tr("This page tried to open {count} more window at once; it was blocked.",
                 "This page tried to open {count} more windows at once; they were blocked.", count: blocked)
        bar.isVisible = true
    }

    private func hide() {
        blocked = 0
        bar.isVisible = false
    }
}
