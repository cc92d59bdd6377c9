import Foundation
import LoopTestHelpers
import WebKitGTK

extension WebView {
    /// Runs `start`, which begins a main-frame load (or nothing, for a load already begun), and
    /// waits until a load finishes. One that does not finish within `timeout` fails with
    /// `description` and what the view reported meanwhile (load steps, failures, a web process
    /// that ended, a sandbox that could not start one) and whether it is still loading, so a
    /// load that hangs says how.
    public func waitForLoad(_ description: String, timeout: TimeInterval = 10,
                            startedBy start: () -> Void = {}) async throws {
        var finished = false
        var seen: [WebViewEvent] = []
        let observation = observe { event in
            switch event {
            case .load(.finished): finished = true
            case .progressChanged, .titleChanged, .uriChanged, .historyChanged: break
            default: seen.append(event)
            }
        }
        defer { observation.cancel() }
        start()
        do {
            try await waitUntil(timeout: timeout, description) { finished }
        } catch let timeout as TestTimeout {
            throw TestTimeout(description: "\(timeout.description); the view reported \(seen), is loading: \(isLoading)")
        }
    }
}
