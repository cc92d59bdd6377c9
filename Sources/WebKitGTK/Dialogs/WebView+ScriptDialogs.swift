import WebPolicy

extension WebView {
    /// Hands a dialog WebKit raised to the presenter and answers it when the presenter does,
    /// on a later turn of the loop; the page's script waits meanwhile. A page whose dialogs the
    /// user stopped (`dialogLoopGuard`) is answered at once, and a dialog that comes after the
    /// user asked to close (`tryClose()`) closes the view (see `closeWhileThePageShowsDialogs`).
    func present(_ dialog: ScriptDialog, with presenter: any ScriptDialogPresenter) {
        guard dialog.kind != .beforeUnloadConfirm else { return show(dialog, offeringToStop: false, with: presenter) }
        if closeAttempt == .asked {
            decline(dialog)
            return closeWhileThePageShowsDialogs()
        }
        switch dialogLoopGuard.dialogCame() {
        case .answerAtOnce: decline(dialog)
        case .show(let offeringToStop): show(dialog, offeringToStop: offeringToStop, with: presenter)
        }
    }

    /// Answers `dialog` as declined on the next turn of the loop: WebKit drops its own
    /// reference once the `script-dialog` handler returns, and crashes if the dialog was
    /// closed within it.
    private func decline(_ dialog: ScriptDialog) {
        Task { @MainActor in dialog.answer(.declined) }
    }

    private func show(_ dialog: ScriptDialog, offeringToStop: Bool, with presenter: any ScriptDialogPresenter) {
        let request = ScriptDialogRequest(kind: dialog.kind, message: dialog.message, defaultText: dialog.defaultText,
                                          pageURI: uri ?? "about:blank", asker: asker(of: dialog),
                                          offersToStopDialogs: offeringToStop)
        let page = dialogLoopGuard.page
        Task { @MainActor in
            let answer = await presenter.present(request)
            if dialog.kind == .beforeUnloadConfirm, closeAttempt == .asked, !answer.isAccepted { closeAttempt = .declined }
            if offeringToStop, answer.stopsFurtherDialogs { dialogLoopGuard.stop(page: page) }
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
