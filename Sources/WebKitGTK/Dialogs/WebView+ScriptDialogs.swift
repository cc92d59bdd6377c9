extension WebView {
    /// Hands a dialog WebKit raised to the presenter and answers it when the presenter does,
    /// on a later turn of the loop; the page's script waits meanwhile.
    func present(_ dialog: ScriptDialog, with presenter: any ScriptDialogPresenter) {
        let request = ScriptDialogRequest(kind: dialog.kind, message: dialog.message, defaultText: dialog.defaultText,
                                          pageURI: uri ?? "about:blank", asker: asker(of: dialog))
        Task { @MainActor in
            let answer = await presenter.present(request)
            if dialog.kind == .beforeUnloadConfirm, closeAttempt == .asked, !answer.isAccepted { closeAttempt = .declined }
            dialog.answer(answer)
        }
    }

    /// The frame whose wrapper announced this dialog; `beforeunload` is about leaving the
    /// whole page, so it is shown as the page's (and names no asker).
    private func asker(of dialog: ScriptDialog) -> ScriptDialogRequest.Asker {
        let kind: String
        switch dialog.kind {
        case .alert: kind = "alert"
        case .confirm: kind = "confirm"
        case .prompt: kind = "prompt"
        case .beforeUnloadConfirm: return .topPage
        }
        guard let frame = frames.takeDialogFrame(kind: kind, message: dialog.message) else { return .unknownFrame }
        return frame.isTop ? .topPage : .embeddedFrame(uri: frame.uri)
    }
}
