/// Decides when a page that shows dialog after dialog (`alert`, `confirm`, `prompt`) is offered
/// to the user to be stopped, and answers its dialogs at once once the user stopped them, so a
/// page looping `alert()` cannot keep the user in.
///
/// Counts the dialogs of one page: from its `offerFrom`-th dialog (the third by default) each
/// dialog offers "Don't let this page show more dialogs"; once the user takes that, every
/// dialog of the page is answered at once, without the user (`alert` returns, `confirm` is
/// false, `prompt` null), until another page comes (`pageChanged()`: a navigation or reload).
public struct DialogLoopGuard: Sendable, Equatable {
    /// What to do with the dialog that just came.
    public enum Decision: Sendable, Equatable {
        /// Show it to the user, with the offer to stop the page's dialogs when `offeringToStop`.
        case show(offeringToStop: Bool)
        /// Answer it at once as declined: the user stopped this page's dialogs.
        case answerAtOnce
    }

    /// The page's dialog from which on the user is offered to stop them: 3 by default.
    public var offerFrom: Int
    /// The dialogs the current page has shown.
    public private(set) var shown = 0
    /// Whether the user stopped the current page's dialogs.
    public private(set) var isStopped = false
    /// Which page this is, counted from 0 up at each `pageChanged()`: an answer given to a
    /// dialog of an earlier page stops nothing on this one.
    public private(set) var page = 0

    /// A guard offering to stop a page's dialogs from its `offerFrom`-th one.
    public init(offerFrom: Int = 3) {
        self.offerFrom = offerFrom
    }

    /// Records a dialog of the current page and says whether the user sees it.
    public mutating func dialogCame() -> Decision {
        guard !isStopped else { return .answerAtOnce }
        shown += 1
        return .show(offeringToStop: shown >= offerFrom)
    }

    /// The user chose that page number `page` shows no more dialogs; nothing changes when
    /// another page has come since.
    public mutating func stop(page: Int) {
        if page == self.page { isStopped = true }
    }

    /// Another page came (a navigation or a reload): it starts with no dialogs shown, and may show them.
    public mutating func pageChanged() {
        shown = 0
        isStopped = false
        page += 1
    }
}
