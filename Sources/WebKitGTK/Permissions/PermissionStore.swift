/// The session's answers to permission prompts, per asking frame and kind
/// (`PermissionQuestion`), so the user is asked once per asker and kind until the app quits
/// (nothing is written to disk).
///
/// Questions arriving while the first one for the same asker and kind is still on screen
/// wait for that answer instead of stacking a second dialog. A frame the host cannot place
/// (`PermissionAsker.unknownFrame`) is the exception: its grant holds for the one request
/// asked about, so each request of such a frame is asked (one dialog at a time), and only a
/// refusal is remembered.
@MainActor
public final class PermissionStore {
    private var answers: [PermissionQuestion: Task<Bool, Never>] = [:]

    /// An empty store: every question is asked. Share one between views to ask once per
    /// asker and kind across windows.
    public init() {}

    /// The remembered answer, or the prompter's (then remembered).
    public func answer(_ question: PermissionQuestion, asking prompter: PermissionPrompter) async -> Bool {
        while let earlier = answers[question] {
            let answer = await earlier.value
            guard answer, question.origin == nil else { return answer }
            // An unplaced frame's grant was for the request asked about: this one is asked anew.
            if answers[question] == earlier { answers[question] = nil }
        }
        let task = Task { await prompter.decide(question) }
        answers[question] = task
        return await task.value
    }

    /// Forgets every answer: the next request asks again.
    public func forgetAll() {
        answers.removeAll()
    }
}
