extension WebView {
    /// Hands a dialog WebKit raised to the presenter and answers it when the presenter does,
    /// on a later turn of the loop; the page's script waits meanwhile.
    func present(_ dialog: ScriptDialog, with presenter: any ScriptDialogPresenter) {
        let request = ScriptDialogRequest(kind: dialog.kind, message: dialog.message,
                                          defaultText: dialog.defaultText, pageURI: uri ?? "about:blank")
        Task { @MainActor in
            dialog.answer(await presenter.present(request))
        }
    }
}
