import Foundation
import WebOrigin

/// What a page asks the user through a script dialog, copied out so a presenter needs no WebKit.
public struct ScriptDialogRequest: Sendable, Equatable {
    public var kind: ScriptDialog.Kind
    public var message: String
    /// `prompt()`'s proposed text; nil for other kinds.
    public var defaultText: String?
    /// The URI of the page that asked, so the user can tell who is asking.
    public var pageURI: String

    public init(kind: ScriptDialog.Kind, message: String, defaultText: String? = nil, pageURI: String) {
        self.kind = kind
        self.message = message
        self.defaultText = defaultText
        self.pageURI = pageURI
    }

    /// Who asked, as a user should read it: `scheme://host[:port]` for web pages, the file's
    /// path for `file:` pages, the whole URI otherwise.
    public var origin: String {
        if Origin.scheme(of: pageURI) == "file" {
            guard let path = URL(string: pageURI)?.path, !path.isEmpty else { return pageURI }
            return path
        }
        return Origin(uri: pageURI)?.description ?? pageURI
    }
}

/// Shows script dialogs to the user (or, in tests, answers them by script).
///
/// `present` may take as long as it likes: the page's script stays blocked on the dialog
/// while the main loop keeps running, so nothing nests a loop.
@MainActor
public protocol ScriptDialogPresenter: AnyObject {
    func present(_ request: ScriptDialogRequest) async -> ScriptDialogAnswer
}
