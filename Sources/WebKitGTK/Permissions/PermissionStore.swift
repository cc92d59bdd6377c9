/// The session's answers to permission prompts, per origin and kind, so the user is asked
/// once per origin and kind until the app quits (nothing is written to disk).
///
/// Questions arriving while the first one for the same origin and kind is still on screen
/// wait for that answer instead of stacking a second dialog.
@MainActor
public final class PermissionStore {
    private var answers: [PermissionQuestion: Task<Bool, Never>] = [:]

    /// An empty store: every question is asked. Share one between views to ask once per
    /// origin and kind across windows.
    public init() {}

    /// The remembered answer, or the prompter's (then remembered).
    public func answer(_ question: PermissionQuestion, asking prompter: PermissionPrompter) async -> Bool {
        if let pending = answers[question] { return await pending.value }
        let task = Task { await prompter.decide(question) }
        answers[question] = task
        return await task.value
    }

    /// Forgets every answer: the next request asks again.
    public func forgetAll() {
        answers.removeAll()
    }
}
