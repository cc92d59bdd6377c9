/// Shows script dialogs to the user (or, in tests, answers them by script).
///
/// `present` may take as long as it likes: the page's script stays blocked on the dialog
/// while the main loop keeps running, so nothing nests a loop.
@MainActor
public protocol ScriptDialogPresenter: AnyObject {
    /// Shows `request` and returns the user's answer, taking as long as the user needs; the
    /// view answers the page with it. Called once per dialog, on the main actor.
    func present(_ request: ScriptDialogRequest) async -> ScriptDialogAnswer
}
